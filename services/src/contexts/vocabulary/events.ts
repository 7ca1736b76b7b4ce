import type { EventOf } from '../../platform/decider/events';
import { BaseCorrected, OwnBaseChosen, WordStatusChanged } from './published';

export { BaseCorrected, OwnBaseChosen, WordStatusChanged };

export const vocabularyEvents = [WordStatusChanged, OwnBaseChosen, BaseCorrected] as const;
export type VocabularyEvent = EventOf<(typeof vocabularyEvents)[number]>;
export type WordEvent = EventOf<typeof WordStatusChanged>;
export type OwnBaseEvent = EventOf<typeof OwnBaseChosen>;
export type BaseCorrectionEvent = EventOf<typeof BaseCorrected>;

/**
 * One stream per learner, language and word: a decision only ever loads that word's few events, so a
 * dictionary of 20,000 words never means loading 20,000 events.
 */
export const wordStream = (userId: string, language: string, word: string) => `vocabulary-${userId}.${language}.${word}`;

/** A learner's family choice of one form: its own small stream, apart from the word's statuses. */
export const ownBaseStream = (userId: string, language: string, word: string) => `vocabulary.family-${userId}.${language}.${word}`;

/** Admins' correction of one form's base word, for everyone. */
export const baseCorrectionStream = (language: string, word: string) => `vocabulary.base-${language}.${word}`;
