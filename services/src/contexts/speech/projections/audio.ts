import { EventCodec } from '../../../platform/decider/events';
import type { Projection } from '../../../platform/projections/projection';
import { audioEvents } from '../events';
import { adminReads } from '../../../platform/projections/admin-reads';

const codec = new EventCodec([...audioEvents]);

/** The audio each chapter and article has now, for the admin's audio manager and the learner's player. */
export const audioProjection: Projection = {
  name: 'speech-audio',
  version: 1,
  tables: ['speech_audio'],
  eventTypes: audioEvents.map((e) => e.type),
  ...adminReads.projectionHooks('speech-audio'),
  async setup(trx, t) {
    await trx.schema.createTable(t('speech_audio'), (tb) => {
      tb.text('target_kind').notNullable();
      tb.uuid('target_id').notNullable();
      tb.text('file').notNullable();
      tb.text('content_type').notNullable();
      tb.double('duration_seconds').notNullable();
      tb.text('source').notNullable();
      tb.jsonb('sentences').notNullable();
      tb.uuid('attached_by').notNullable();
      tb.timestamp('attached_at', { useTz: true }).notNullable();
      tb.primary(['target_kind', 'target_id']);
    });
  },
  async apply(events, { trx, t }) {
    const table = t('speech_audio');
    for (const recorded of events) {
      const e = codec.decode(recorded);
      const key = { target_kind: e.data.targetKind, target_id: e.data.targetId };
      if (e.type === 'speech.AudioRemoved') {
        await trx(table).where(key).delete();
        continue;
      }
      const d = e.data;
      const row = {
        file: d.file,
        content_type: d.contentType,
        duration_seconds: d.durationSeconds,
        source: d.source,
        sentences: JSON.stringify(d.sentences),
        attached_by: d.by,
        attached_at: d.at,
      };
      await trx(table)
        .insert({ ...key, ...row })
        .onConflict(['target_kind', 'target_id'])
        .merge(Object.keys(row));
    }
  },
};
