import { z } from 'zod';
import { LearningLanguageSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';
import { WordStatusChanged } from './published';

export { WordStatusChanged };

/**
 * A learner chose a form's family by hand (issue 38.2): `base` is the base word they set, the form itself
 * when they split it off ("not the same word"), or null when they undid their choice (rejoined: back to the
 * family an admin's correction or the dictionary gives).
 */
export const OwnBaseChosen = defineEvent(
  'vocabulary.OwnBaseChosen',
  z.object({
    userId: z.uuid(),
    language: LearningLanguageSchema,
    word: z.string().min(1),
    base: z.string().min(1).nullable(),
    at: z.iso.datetime(),
  }),
);

/**
 * An admin corrected a form's base word for everyone (null: back to the dictionary's). `correctedBy` names
 * the admin in the event itself, besides the log's actor: the correction's audit trail.
 */
export const BaseCorrected = defineEvent(
  'vocabulary.BaseCorrected',
  z.object({
    language: LearningLanguageSchema,
    word: z.string().min(1),
    base: z.string().min(1).nullable(),
    correctedBy: z.uuid(),
    at: z.iso.datetime(),
  }),
);

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
