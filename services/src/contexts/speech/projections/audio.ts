import { adminPagesCache, defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { AudioAttached, AudioRemoved } from '../events';

/** The audio each chapter and article has now, for the admin's audio manager and the learner's player. */
export const audioProjection = defineProjection({
  name: 'speech-audio',
  version: 1,
  tables: {
    speech_audio: {
      key: ['target_kind', 'target_id'],
      columns: {
        target_kind: 'text',
        target_id: 'uuid',
        file: 'text',
        content_type: 'text',
        duration_seconds: 'double precision',
        source: 'text',
        sentences: 'jsonb',
        attached_by: 'uuid',
        attached_at: 'timestamptz',
      },
    },
  },
  caches: [adminPagesCache()],
  on: [
    when(AudioAttached, (e) => [
      upsert('speech_audio', {
        target_kind: e.targetKind,
        target_id: e.targetId,
        file: e.file,
        content_type: e.contentType,
        duration_seconds: e.durationSeconds,
        source: e.source,
        sentences: e.sentences,
        attached_by: e.by,
        attached_at: e.at,
      }),
    ]),
    when(AudioRemoved, (e) => [remove('speech_audio', { target_kind: e.targetKind, target_id: e.targetId })]),
  ],
});
