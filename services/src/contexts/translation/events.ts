import { z } from 'zod';
import { PromptKindSchema } from '@verba/contracts';
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

export const translationEvents = [PromptUpdated] as const;
export type TranslationEvent = EventOf<(typeof translationEvents)[number]>;

/** One stream per prompt; decisions read only its last event (see platform/decider/last-event-view.ts). */
export const promptStream = (kind: string) => `translation.prompt-${kind}`;
