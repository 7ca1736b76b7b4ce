import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { SpeechAudio } from '../adapters/synthesizer';

const TABLE = 'speech_audio_cache';

/**
 * Spoken phrases by (engine, voice, speed, text), kept in PostgreSQL rather than the cache port: audio is
 * large (a sentence of WAV is ~100 KB), so it belongs on disk, shared by every API process and kept
 * across restarts. It is a cache, not a read model: nothing in the log describes it.
 */
export async function migrateAudioCache(db: Knex): Promise<void> {
  if (await db.schema.hasTable(TABLE)) return;
  await db.schema.createTable(TABLE, (t) => {
    t.text('key').primary();
    t.text('content_type').notNullable();
    t.binary('audio').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
}

export function audioKey(engine: string, voiceId: string, speed: number, text: string): string {
  return createHash('sha256')
    .update(JSON.stringify([engine, voiceId, speed, text]))
    .digest('hex');
}

export class AudioCache {
  constructor(
    private readonly db: Knex,
    private readonly now: () => Date,
  ) {}

  async get(key: string): Promise<SpeechAudio | undefined> {
    const row: { content_type: string; audio: Buffer } | undefined = await this.db(TABLE).where({ key }).first('content_type', 'audio');
    return row ? { contentType: row.content_type, audio: new Uint8Array(row.audio) } : undefined;
  }

  async put(key: string, { audio, contentType }: SpeechAudio): Promise<void> {
    await this.db(TABLE)
      .insert({ key, content_type: contentType, audio: Buffer.from(audio), created_at: this.now() })
      .onConflict('key')
      .ignore();
  }
}
