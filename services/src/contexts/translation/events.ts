import { z } from 'zod';
import { LearningLanguageSchema, PromptKindSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

/** An admin changed an AI prompt. Versions count up from 1; every version stays in the log (the history). */
export const PromptUpdated = defineEvent(
  'translation.PromptUpdated',
  z.object({
    kind: PromptKindSchema,
    prompt: z.string().min(1),
    version: z.number().int().positive(),
    updatedBy: z.string().min(1),
    at: z.iso.datetime(),
  }),
);

/**
 * A learner saved their own meaning of a word or phrase (the reader offers it next time, and it becomes the
 * back of their flashcard). `word` and `meaning` are what the learner wrote, sealed with their data key
 * (`sealedFor`), so erasing the learner erases them in the log too.
 */
export const OwnMeaningSaved = defineEvent(
  'translation.OwnMeaningSaved',
  z.object({
    userId: z.uuid(),
    languageCode: LearningLanguageSchema,
    word: z.string().min(1),
    meaning: z.string().min(1),
    at: z.iso.datetime(),
    sealedFor: z.uuid().optional(),
  }),
);
export const OWN_MEANING_SEALED_FIELDS = ['word', 'meaning'] as const;

export const translationEvents = [PromptUpdated, OwnMeaningSaved] as const;
export type TranslationEvent = EventOf<(typeof translationEvents)[number]>;
export type PromptEvent = EventOf<typeof PromptUpdated>;
export type OwnMeaningEvent = EventOf<typeof OwnMeaningSaved>;

/** One stream per prompt; decisions read only its last event (see platform/decider/last-event-view.ts). */
export const promptStream = (kind: string) => `translation.prompt-${kind}`;

/**
 * One small stream per learner and word (`wordId` is derived from the word with the learner's data key, so
 * the stream's name reveals no word); its last event is the whole state.
 */
export const ownMeaningStream = (userId: string, wordId: string) => `translation.meaning-${userId}-${wordId}`;
