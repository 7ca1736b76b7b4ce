import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { levelHint, type LearningLanguage, type Level, type WordStatus } from '@verba/contracts';
import { eventIdFor } from '../../platform/decider/event-ids';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import { StreamStateCache } from '../../platform/decider/state-cache';
import { comparePositions, type EventStore, type Position } from '../../platform/event-store/port';
import { wordDecider } from './decider';
import { vocabularyEvents, wordStream } from './events';
import { dictionaryKey, type DictionaryEntry } from './projection';
import type { ReadCache } from '../../platform/projections/read-cache';

const codec = new EventCodec([...vocabularyEvents]);
/** Appends of one bulk request in flight at once: enough to overlap round trips, few enough to be fair. */
const BULK_CONCURRENCY = 8;

export interface MarkResult {
  position?: Position;
  changed: number;
}

export class VocabularyService {
  private readonly words = new StreamStateCache<{ status: WordStatus }>();

  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    /** Only where the projector runs in this process (it invalidates the cache). */
    private readonly cache: ReadCache<DictionaryEntry[]> | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Sets the status of each word (already lookup keys). Each word is its own small stream; a word listed
   * twice takes its last status. The command id makes a retried request append nothing new.
   */
  async mark(
    userId: string,
    language: LearningLanguage,
    words: { value: string; status: WordStatus }[],
    commandId: string = randomUUID(),
  ): Promise<MarkResult> {
    const last = new Map(words.map((w) => [w.value, w.status]));
    const at = this.now().toISOString();
    const queue = [...last];
    let position: Position | undefined;
    let changed = 0;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [word, status] = next;
        const result = await handleCommand({
          store: this.store,
          codec,
          decider: wordDecider,
          streamId: wordStream(userId, language, word),
          command: { userId, language, word, status, at },
          commandId: eventIdFor(commandId, `word:${word}`),
          metadata: { userId },
          stateCache: this.words,
          assumeNew: true, // most marks are of words not yet in the dictionary
        });
        if (result.position) {
          changed += 1;
          if (!position || comparePositions(result.position, position) > 0) position = result.position;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, queue.length) }, worker));
    return { ...(position ? { position } : {}), changed };
  }

  async dictionary(userId: string, language: LearningLanguage): Promise<DictionaryEntry[]> {
    const load = async (): Promise<DictionaryEntry[]> =>
      (
        await this.db.raw(
          'select word as value, status from dictionary_entries where user_id = ? and language = ? order by word',
          [userId, language],
        )
      ).rows;
    return this.cache ? this.cache.get(dictionaryKey(userId, language), load) : load();
  }

  async analytics(userId: string, language: LearningLanguage): Promise<{ known: number; uncertain: number; total: number; levelHint: Level }> {
    const rows: { status: string; count: string }[] = await this.db('dictionary_entries')
      .where({ user_id: userId, language })
      .groupBy('status')
      .select('status')
      .count({ count: '*' });
    const known = Number(rows.find((r) => r.status === 'known')?.count ?? 0);
    const uncertain = Number(rows.find((r) => r.status === 'uncertain')?.count ?? 0);
    return { known, uncertain, total: known + uncertain, levelHint: levelHint({ known, uncertain }) };
  }
}
