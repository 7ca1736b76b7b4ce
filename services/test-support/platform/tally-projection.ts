import type { Projection } from '../../src/platform/projections/projection';

/**
 * A small read model for tests and benchmarks: per stream, how many events it had and the last type,
 * plus the order in which events were applied (to catch skips, duplicates and reordering).
 */
export function tallyProjection(options: { name?: string; version?: number; keepOrder?: boolean } = {}): Projection {
  const keepOrder = options.keepOrder ?? true;
  const name = options.name ?? 'tally';
  const streams = `${name}_streams`;
  const applied = `${name}_applied`;
  return {
    name,
    version: options.version ?? 1,
    tables: keepOrder ? [streams, applied] : [streams],
    async setup(trx, t) {
      await trx.schema.createTable(t(streams), (tb) => {
        tb.text('stream_id').primary();
        tb.integer('events').notNullable();
        tb.text('last_type').notNullable();
      });
      if (keepOrder) {
        await trx.schema.createTable(t(applied), (tb) => {
          tb.bigIncrements('seq');
          tb.uuid('event_id').notNullable();
          tb.text('stream_id').notNullable();
        });
      }
    },
    async apply(events, { trx, t }) {
      const perStream = new Map<string, { events: number; last: string }>();
      for (const e of events) {
        const s = perStream.get(e.streamId) ?? { events: 0, last: e.type };
        s.events += 1;
        s.last = e.type;
        perStream.set(e.streamId, s);
      }
      const table = t(streams);
      await trx(table)
        .insert([...perStream].map(([stream_id, s]) => ({ stream_id, events: s.events, last_type: s.last })))
        .onConflict('stream_id')
        .merge({
          events: trx.raw('?? + excluded.events', [`${table}.events`]),
          last_type: trx.raw('excluded.last_type'),
        });
      if (keepOrder) {
        await trx(t(applied)).insert(events.map((e) => ({ event_id: e.id, stream_id: e.streamId })));
      }
    },
  };
}
