import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';
import {
  MAX_PROMPT_LENGTH,
  MAX_TRANSLATION_TEXT,
  PROMPT_TOO_LONG,
  PromptKindSchema,
  TRANSLATION_TEXT_TOO_LONG,
  TranslationLocaleSchema,
} from './translation';

export const ADMIN_PROMPT_MESSAGES = {
  versionNotFound: 'There is no such version of this prompt',
  sampleRequired: 'Enter a sample text to test the prompt on',
  promptRequired: 'The prompt is required',
} as const;
const M = ADMIN_PROMPT_MESSAGES;

const params = z.object({ kind: PromptKindSchema });

export const restorePrompt = defineRoute({
  method: 'POST',
  path: '/api/admin/prompts/:kind/restore',
  access: 'admin',
  summary: 'Restore an old version of a prompt (a new version with the old text; the history keeps every version)',
  params,
  body: z.object({
    version: z.number({ message: M.versionNotFound }).int(M.versionNotFound).min(0, M.versionNotFound).max(1_000_000, M.versionNotFound),
    commandId: CommandIdSchema.optional(),
  }),
  response: z.object({ changed: z.boolean(), version: z.number().int(), position: PositionSchema.optional() }),
  errors: { 404: M.versionNotFound },
});

/** One run of a prompt on the sample: what the translation port answered and how long it took. */
export const PromptRunSchema = z.object({
  /** The version run; null for a draft that is not saved. */
  version: z.number().int().nullable(),
  prompt: z.string(),
  found: z.boolean(),
  data: z.string(),
  duration_s: z.number(),
  source: z.string().optional(),
});
export type PromptRun = z.infer<typeof PromptRunSchema>;

export const testPrompt = defineRoute({
  method: 'POST',
  path: '/api/admin/prompts/:kind/test',
  access: 'admin',
  summary: 'Run a prompt (the current one, a chosen version or an unsaved draft) on a sample text, beside the version before it',
  description:
    'Goes through the translation port (the local dictionary offline), bypassing the translation cache so duration_s is the real time. ' +
    '`previous` is the version before the one run (for a draft: the current version); null when there is none.',
  params,
  body: z.object({
    text: z.string({ message: M.sampleRequired }).trim().min(1, M.sampleRequired).max(MAX_TRANSLATION_TEXT, TRANSLATION_TEXT_TOO_LONG),
    version: z
      .number({ message: M.versionNotFound })
      .int(M.versionNotFound)
      .min(0, M.versionNotFound)
      .max(1_000_000, M.versionNotFound)
      .optional(),
    prompt: z.string().trim().min(1, M.promptRequired).max(MAX_PROMPT_LENGTH, PROMPT_TOO_LONG).optional(),
    languageCode: LearningLanguageSchema.optional(),
    locale: TranslationLocaleSchema,
  }),
  response: z.object({ run: PromptRunSchema, previous: PromptRunSchema.nullable() }),
  errors: { 404: M.versionNotFound, 502: 'The translation provider failed' },
});

export const adminPromptRoutes = { restorePrompt, testPrompt };
