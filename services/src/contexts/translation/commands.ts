import { createHmac, randomUUID } from 'node:crypto';
import type { LearningLanguage, PromptKind } from '@verba/contracts';
import { uuidFromDigest } from '../../platform/decider/event-ids';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import { lastEventOnly } from '../../platform/decider/last-event-view';
import type { EventStore, Position } from '../../platform/event-store/port';
import type { PersonalData } from '../../platform/personal-data/keys';
import { ownMeaningDecider, promptDecider } from './decider';
import { meaningKey } from './domain/meaning-key';
import { OWN_MEANING_SEALED_FIELDS, OwnMeaningSaved, ownMeaningStream, PromptUpdated, promptStream } from './events';

const promptCodec = new EventCodec([PromptUpdated]);
const meaningCodec = new EventCodec([OwnMeaningSaved]);

export interface Saved {
  changed: boolean;
  position?: Position;
}

/** An admin changes a prompt; a learner saves their own meaning of a word. Each stream's last event is its state. */
export class TranslationCommands {
  private readonly store: EventStore;

  constructor(
    store: EventStore,
    private readonly now: () => Date,
    /** Seals what learners write with their data key (erased with the account). */
    private readonly personalData: PersonalData,
  ) {
    this.store = lastEventOnly(store);
  }

  async updatePrompt(
    kind: PromptKind,
    prompt: string,
    adminId: string,
    commandId: string = randomUUID(),
  ): Promise<{ changed: boolean; position?: Position }> {
    const result = await handleCommand({
      store: this.store,
      codec: promptCodec,
      decider: promptDecider,
      streamId: promptStream(kind),
      command: { kind, prompt, updatedBy: adminId, at: this.now().toISOString() },
      commandId,
      actor: adminId,
    });
    return { changed: result.events.length > 0, ...(result.position ? { position: result.position } : {}) };
  }

  /** Saves the learner's meaning of a word in one language; the same meaning again appends nothing. */
  async saveOwnMeaning(
    userId: string,
    languageCode: LearningLanguage,
    word: string,
    meaning: string,
    commandId: string = randomUUID(),
  ): Promise<Saved> {
    const key = await this.personalData.createKey(userId);
    // The stream is named by a digest of the word under the learner's key: the log's stream names reveal no word.
    const wordId = uuidFromDigest(
      createHmac('sha256', key)
        .update(`${languageCode}\n${meaningKey(word)}`)
        .digest(),
    );
    const command = await this.personalData.seal(
      userId,
      { userId, languageCode, word: word.trim(), meaning: meaning.trim(), at: this.now().toISOString() },
      OWN_MEANING_SEALED_FIELDS,
    );
    const result = await handleCommand({
      store: this.store,
      codec: meaningCodec,
      decider: ownMeaningDecider,
      streamId: ownMeaningStream(userId, wordId),
      command,
      commandId,
      actor: userId,
    });
    return { changed: result.events.length > 0, ...(result.position ? { position: result.position } : {}) };
  }
}
