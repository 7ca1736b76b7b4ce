import type { Knex } from 'knex';
import { LAG_COUNT_CAP } from '@verba/contracts';
import type { Position } from '../../../platform/event-store/port';

export interface Lag {
  events: number;
  capped: boolean;
  /** How long the oldest event not yet applied has waited; 0 when none waits. */
  seconds: number;
}

/**
 * Events after each position in the PostgreSQL log (counted up to LAG_COUNT_CAP) and the age of the oldest
 * of them, for every follower in one statement: each count and each oldest event is an index range on the
 * log's primary key (transaction, position), so a caught-up follower costs one index probe.
 */
export async function lagsAfter(db: Knex, positions: ReadonlyMap<string, Position>): Promise<Map<string, Lag>> {
  if (positions.size === 0) return new Map();
  const entries = [...positions];
  const values = entries.map(() => '(?::text, ?::text::xid8, ?::bigint)').join(', ');
  const bindings = entries.flatMap(([name, at]) => [name, at.transaction.toString(), at.sequence.toString()]);
  const { rows } = await db.raw(
    `select f.name, w.n, extract(epoch from (now() - o.created_at))::float8 as seconds
       from (values ${values}) as f(name, tx, pos)
       cross join lateral (
         select count(*)::int as n from (
           select 1 from es_events e where (e.transaction_id, e.global_position) > (f.tx, f.pos) limit ${LAG_COUNT_CAP + 1}
         ) s
       ) w
       left join lateral (
         select e.created_at from es_events e where (e.transaction_id, e.global_position) > (f.tx, f.pos)
          order by e.transaction_id, e.global_position limit 1
       ) o on true`,
    bindings,
  );
  return new Map(
    (rows as { name: string; n: number; seconds: number | null }[]).map((r) => [
      r.name,
      { events: Math.min(r.n, LAG_COUNT_CAP), capped: r.n > LAG_COUNT_CAP, seconds: r.n > 0 ? Math.max(0, r.seconds ?? 0) : 0 },
    ]),
  );
}
