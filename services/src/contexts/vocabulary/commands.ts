import { randomUUID } from 'node:crypto';
import type { LearningLanguage, WordStatus } from '@verba/contracts';
import { eventIdFor } from '../../platform/decider/event-ids';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import { StreamStateCache } from '../../platform/decider/state-cache';
import { lastEventOnly } from '../../platform/decider/last-event-view';
import { comparePositions, type EventStore, type Position } from '../../platform/event-store/port';
import { baseCorrectionDecider, ownBaseDecider, wordDecider } from './decider';
import { BaseCorrected, baseCorrectionStream, OwnBaseChosen, ownBaseStream, WordStatusChanged, wordStream } from './events';

const codec = new EventCodec([WordStatusChanged]);
const ownBaseCodec = new EventCodec([OwnBaseChosen]);
const correctionCodec = new EventCodec([BaseCorrected]);
/** Appends of one bulk request in flight at once: enough to overlap round trips, few enough to be fair. */
const BULK_CONCURRENCY = 8;

export interface MarkResult {
  position?: Position;
  changed: number;
}

const changeOf = (r: { events: unknown[]; position?: Position }): MarkResult =>
  r.position ? { position: r.position, changed: r.events.length } : { changed: 0 };

/** Marking words and choosing their families; the dictionary and families are read in queries.ts. */
export class VocabularyCommands {
  private readonly words = new StreamStateCache<{ status: WordStatus }>();

  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Sets the status of each word (already lookup keys). Each word is its own small stream; a word listed
   * twice takes its last status. The command id makes a retried request append nothing new.
   */
  async mark(
    userId: string,
    language: LearningLanguage,
    words: { word: string; status: WordStatus }[],
    commandId: string = randomUUID(),
  ): Promise<MarkResult> {
    const at = this.now().toISOString();
    // One word (the reader's click, most marks) goes straight to its stream.
    if (words.length === 1) {
      const { position } = await this.markOne(userId, language, words[0]!.word, words[0]!.status, at, commandId);
      return position ? { position, changed: 1 } : { changed: 0 };
    }
    const queue = [...new Map(words.map((w) => [w.word, w.status]))];
    let position: Position | undefined;
    let changed = 0;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const result = await this.markOne(userId, language, next[0], next[1], at, commandId);
        if (result.position) {
          changed += 1;
          if (!position || comparePositions(result.position, position) > 0) position = result.position;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, queue.length) }, worker));
    return { ...(position ? { position } : {}), changed };
  }

  /**
   * The learner's family choice of a form (a word key): `base` set by hand, the form itself to split it off,
   * null to rejoin. Each stream's last event is its whole state, so toggling for years reads one event.
   */
  async chooseBase(userId: string, language: LearningLanguage, word: string, base: string | null, commandId: string = randomUUID()) {
    const result = await handleCommand({
      store: lastEventOnly(this.store),
      codec: ownBaseCodec,
      decider: ownBaseDecider,
      streamId: ownBaseStream(userId, language, word),
      command: { userId, language, word, base, at: this.now().toISOString() },
      commandId,
      actor: userId,
    });
    return changeOf(result);
  }

  /** An admin corrects a form's base word for everyone (null: back to the dictionary's); the event names the admin. */
  async correctBase(adminId: string, language: LearningLanguage, word: string, base: string | null, commandId: string = randomUUID()) {
    const result = await handleCommand({
      store: lastEventOnly(this.store),
      codec: correctionCodec,
      decider: baseCorrectionDecider,
      streamId: baseCorrectionStream(language, word),
      command: { language, word, base, adminId, at: this.now().toISOString() },
      commandId,
      actor: adminId,
    });
    return changeOf(result);
  }

  private markOne(userId: string, language: LearningLanguage, word: string, status: WordStatus, at: string, commandId: string) {
    return handleCommand({
      store: this.store,
      codec,
      decider: wordDecider,
      streamId: wordStream(userId, language, word),
      command: { userId, language, word, status, at },
      commandId: eventIdFor(commandId, `word:${word}`),
      actor: userId,
      stateCache: this.words,
      assumeNew: true, // most marks are of words not yet in the dictionary
    });
  }
}
