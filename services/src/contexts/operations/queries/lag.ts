import type { Knex } from 'knex';
import { LAG_COUNT_CAP } from '@verba/contracts';
import type { Position } from '../../../platform/event-store/port';

/** How many events after a checkpoint are looked at for their types. */
const LAG_SCAN_CAP = 100_000;

export interface Lag {
  events: number;
  capped: boolean;
  /** How long the oldest event not yet applied has waited; 0 when none waits. */
  seconds: number;
}

/**
 * Events after each position in the PostgreSQL log, of the follower's types when it has some (counted up to
 * LAG_COUNT_CAP), and the age of the oldest of them, for every follower in one statement: each is an index
 * range on the log's primary key (transaction, position), so a caught-up follower costs one index probe.
 */
export async function lagsAfter(
  db: Knex,
  positions: ReadonlyMap<string, { at: Position; types?: readonly string[] | undefined }>,
): Promise<Map<string, Lag>> {
  if (positions.size === 0) return new Map();
  const entries = [...positions];
  const values = entries.map(() => '(?::text, ?::text::xid8, ?::bigint, ?::text[])').join(', ');
  const bindings = entries.flatMap(([name, { at, types }]) => [
    name,
    at.transaction.toString(),
    at.sequence.toString(),
    types ? [...types] : null,
  ]);
  // A projection's stored checkpoint moves with the events it applies (and now and then in between): the
  // events after it of other types are not its to apply, so they are not its lag. At most LAG_SCAN_CAP
  // events after the checkpoint are looked at.
  const { rows } = await db.raw(
    `select f.name, w.n, extract(epoch from (now() - w.oldest))::float8 as seconds
       from (values ${values}) as f(name, tx, pos, types)
       cross join lateral (
         select count(*)::int as n, min(s.created_at) as oldest from (
           select e.created_at from (
             select e.type, e.created_at from es_events e where (e.transaction_id, e.global_position) > (f.tx, f.pos)
              order by e.transaction_id, e.global_position limit ${LAG_SCAN_CAP}
           ) e where f.types is null or e.type = any(f.types) limit ${LAG_COUNT_CAP + 1}
         ) s
       ) w`,
    bindings,
  );
  return new Map(
    (rows as { name: string; n: number; seconds: number | null }[]).map((r) => [
      r.name,
      { events: Math.min(r.n, LAG_COUNT_CAP), capped: r.n > LAG_COUNT_CAP, seconds: r.n > 0 ? Math.max(0, r.seconds ?? 0) : 0 },
    ]),
  );
}
