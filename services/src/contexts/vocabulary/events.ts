import { z } from 'zod';
import { LearningLanguageSchema, WordStatusSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

/** A word's status in one learner's dictionary changed; `new` takes it out of the dictionary. */
export const WordStatusChanged = defineEvent(
  'vocabulary.WordStatusChanged',
  z.object({
    userId: z.uuid(),
    language: LearningLanguageSchema,
    word: z.string().min(1),
    status: WordStatusSchema,
    at: z.iso.datetime(),
  }),
);

export const vocabularyEvents = [WordStatusChanged] as const;
export type VocabularyEvent = EventOf<(typeof vocabularyEvents)[number]>;

/**
 * One stream per learner, language and word: a decision only ever loads that word's few events, so a
 * dictionary of 20,000 words never means loading 20,000 events.
 */
export const wordStream = (userId: string, language: string, word: string) => `vocabulary-${userId}.${language}.${word}`;
