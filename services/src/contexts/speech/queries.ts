import type { Knex } from 'knex';
import type { AttachedAudio } from '@verba/contracts';
import type { Entitlements } from '../../platform/module';
import type { Allowance, TtsUsage } from './domain/usage';

/** What is left of the month's text-to-speech allowance. */
export class SpeechQueries {
  constructor(
    private readonly usage: TtsUsage,
    private readonly entitlements: Pick<Entitlements, 'subscriptionOf'>,
  ) {}

  async allowance(userId: string): Promise<Allowance> {
    return this.usage.allowance(userId, await this.entitlements.subscriptionOf(userId));
  }
}

interface AudioRow {
  target_kind: AttachedAudio['targetKind'];
  target_id: string;
  file: string;
  content_type: AttachedAudio['contentType'];
  duration_seconds: number;
  source: AttachedAudio['source'];
  sentences: AttachedAudio['sentences'] | string;
  attached_at: Date;
}

export const audioUrl = (file: string) => `/api/audio-files/${file}`;

/** The audio a chapter or article has now (the projection), as the player and the audio manager show it. */
export class AudioQueries {
  constructor(private readonly db: Knex) {}

  async of(targetKind: AttachedAudio['targetKind'], targetId: string): Promise<AttachedAudio | null> {
    const row: AudioRow | undefined = await this.db('speech_audio').where({ target_kind: targetKind, target_id: targetId }).first();
    return row ? toAudio(row) : null;
  }
}

const toAudio = (row: AudioRow): AttachedAudio => ({
  targetKind: row.target_kind,
  targetId: row.target_id,
  url: audioUrl(row.file),
  contentType: row.content_type,
  durationSeconds: Number(row.duration_seconds),
  source: row.source,
  sentences: typeof row.sentences === 'string' ? (JSON.parse(row.sentences) as AttachedAudio['sentences']) : row.sentences,
  attachedAt: new Date(row.attached_at).getTime(),
});
