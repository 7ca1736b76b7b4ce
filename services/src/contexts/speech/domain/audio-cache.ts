import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { SpokenWord } from '@verba/contracts';

/** Cached speech: the audio and, when the engine gave them, its words' timings in the text. */
export interface CachedSpeech {
  audio: Uint8Array;
  contentType: string;
  words?: SpokenWord[];
}

const TABLE = 'speech_audio_cache';

/**
 * Spoken phrases by (engine, voice, speed, text), kept in PostgreSQL rather than the cache port: audio is
 * large (a sentence of WAV is ~100 KB), so it belongs on disk, shared by every API process and kept
 * across restarts. It is a cache, not a read model: nothing in the log describes it.
 */
export async function migrateAudioCache(db: Knex): Promise<void> {
  if (!(await db.schema.hasTable(TABLE))) {
    await db.schema.createTable(TABLE, (t) => {
      t.text('key').primary();
      t.text('content_type').notNullable();
      t.binary('audio').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
  }
  // The words' timings (read-aloud highlights the spoken word); audio cached before them has none.
  if (!(await db.schema.hasColumn(TABLE, 'words'))) await db.schema.alterTable(TABLE, (t) => t.jsonb('words').nullable());
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

  async get(key: string): Promise<CachedSpeech | undefined> {
    const row: { content_type: string; audio: Buffer; words: SpokenWord[] | null } | undefined = await this.db(TABLE)
      .where({ key })
      .first('content_type', 'audio', 'words');
    if (!row) return undefined;
    return { contentType: row.content_type, audio: new Uint8Array(row.audio), ...(row.words?.length ? { words: row.words } : {}) };
  }

  async put(key: string, { audio, contentType, words }: CachedSpeech): Promise<void> {
    await this.db(TABLE)
      .insert({
        key,
        content_type: contentType,
        audio: Buffer.from(audio),
        words: words?.length ? JSON.stringify(words) : null,
        created_at: this.now(),
      })
      .onConflict('key')
      .ignore();
  }
}
