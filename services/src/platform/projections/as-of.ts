import type { Knex } from 'knex';
import { trustingAppendValidation } from '../decider/events';
import type { EventStore } from '../event-store/port';
import { readToTail } from '../event-store/read-to-tail';
import type { Projection, TableNames } from './projection';

/** Tables of a read model as of a UTC date: `analytics_users__asof_20261001`. */
export function asOfTables(day: string): TableNames {
  return (logical) => `${logical}__asof_${day.replaceAll('-', '')}`;
}

/** `YYYY-MM-DD`, a real calendar date. */
export function parseAsOfDay(text: string | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : null;
}

/**
 * Builds a read model as it stood at the end of a UTC day, from the whole log: only events whose fact
 * happened by then (`asOfTime`) are applied, so facts appended later about earlier times (imports, a
 * seeded history) count at their own time. The copy sits beside the live model in its own tables, which
 * are replaced if they exist; the live model is untouched.
 */
export async function rebuildAsOf(
  store: EventStore,
  db: Knex,
  p: Projection,
  day: string,
  options: { batchSize?: number; onProgress?: (read: number) => void } = {},
): Promise<{ tables: string[]; events: number; applied: number }> {
  if (!p.asOfTime) throw new Error(`${p.name} cannot be rebuilt as of a date`);
  const asOfTime = p.asOfTime.bind(p);
  const t = asOfTables(day);
  const end = new Date(`${day}T00:00:00Z`).getTime() + 86_400_000;
  const types = p.eventTypes ? new Set(p.eventTypes) : null;
  await db.transaction(async (trx) => {
    for (const table of p.tables) await trx.raw('drop table if exists ??', [t(table)]);
    await p.setup(trx, t);
  });
  // A projection with a bulk fold keeps the copy in memory and writes it once (see Projection.bulk), so
  // it reads the log in larger pages.
  const fold = p.bulk?.();
  const batchSize = options.batchSize ?? (fold ? 20_000 : 5000);
  let events = 0;
  let applied = 0;
  for await (const batch of readToTail(store, { batchSize })) {
    events += batch.length;
    // Deciding each event's time maps it (see Projection.asOfTime); it was validated on append.
    const wanted = trustingAppendValidation(() =>
      batch.filter((e) => {
        if (types && !types.has(e.type)) return false;
        const time = asOfTime(e);
        return time === null || time.getTime() < end;
      }),
    );
    if (fold) trustingAppendValidation(() => fold.add(wanted));
    else if (wanted.length) await db.transaction((trx) => p.apply(wanted, { trx, t }));
    applied += wanted.length;
    options.onProgress?.(events);
  }
  if (fold && applied) await db.transaction((trx) => fold.write({ trx, t }));
  return { tables: p.tables.map(t), events, applied };
}
