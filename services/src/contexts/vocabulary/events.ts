import { type EventOf } from '../../platform/decider/events';
import { WordStatusChanged } from './published';

export { WordStatusChanged };

export const vocabularyEvents = [WordStatusChanged] as const;
export type VocabularyEvent = EventOf<(typeof vocabularyEvents)[number]>;

/**
 * One stream per learner, language and word: a decision only ever loads that word's few events, so a
 * dictionary of 20,000 words never means loading 20,000 events.
 */
export const wordStream = (userId: string, language: string, word: string) => `vocabulary-${userId}.${language}.${word}`;
