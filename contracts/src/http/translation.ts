import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { MESSAGES } from '../domain/messages';
import { FlashcardSideSchema } from './flashcards';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

/** Longest text translated in one call (a few paragraphs). */
export const MAX_TRANSLATION_TEXT = 5000;
export const MAX_PROMPT_LENGTH = 10_000;
export const MAX_ARTICLE_CHECK_LENGTH = 100_000;

const MISSING = MESSAGES.other.nothingToTranslate;
export const TRANSLATION_TEXT_TOO_LONG = `At most ${MAX_TRANSLATION_TEXT} characters can be translated at once`;
export const PROMPT_TOO_LONG = `A prompt has at most ${MAX_PROMPT_LENGTH} characters`;
export const BAD_LOCALE = 'locale must be a language code such as en';
export const ARTICLE_CONTENT_REQUIRED = 'The article has no text to check';
export const ARTICLE_TOO_LONG = `An article has at most ${MAX_ARTICLE_CHECK_LENGTH} characters`;

/** Translations are made into the learner's interface language; English unless said. */
export const TranslationLocaleSchema = z
  .string({ error: BAD_LOCALE })
  .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, BAD_LOCALE)
  .default('en');

const text = z.string({ error: MISSING }).trim().min(1, MISSING).max(MAX_TRANSLATION_TEXT, TRANSLATION_TEXT_TOO_LONG);
/** The language of the text; a provider that needs it guesses it when absent. */
const languageCode = LearningLanguageSchema.optional();
/**
 * The sentence a word was selected in. The AI reads it in the prompt; the offline dictionary uses it to
 * tell a name ("Paul", written with a capital inside the sentence) from an unknown word.
 */
const context = z.string().trim().max(MAX_TRANSLATION_TEXT, TRANSLATION_TEXT_TOO_LONG).optional();

/**
 * Where a translation came from: `ai` the configured AI provider; `memory` a translation made before;
 * `dictionary` the offline dictionary's entry for the word or phrase; `gloss` a word-by-word gloss of a
 * longer text by the offline dictionary (not a translation, and the reader says so).
 */
export const TRANSLATION_SOURCES = ['ai', 'memory', 'dictionary', 'gloss'] as const;
export type TranslationSource = (typeof TRANSLATION_SOURCES)[number];

/**
 * `found: false` is an ordinary answer, not an error: the provider knows no translation of the text (the
 * local provider's glossaries and translation memory have none of its words); `data` is then empty. An
 * answer without `found` (an older server) is a translation.
 */
export const TranslationResultSchema = z.object({
  success: z.literal(true),
  found: z.boolean().default(true),
  data: z.string(),
  /** Seconds the translation took (a cached one takes almost none). */
  duration_s: z.number(),
  source: z.enum(TRANSLATION_SOURCES).optional(),
  /** The dictionary form the word was found under, when it is not the word itself ("essen" for "gegessen"). */
  lemma: z.string().optional(),
});
export type TranslationResult = z.infer<typeof TranslationResultSchema>;

export const translate = defineRoute({
  method: 'POST',
  path: '/api/translation',
  access: 'user',
  summary: 'Translate a word or text (no prompt)',
  body: z.object({ text, locale: TranslationLocaleSchema, languageCode, context }, { error: MISSING }),
  response: TranslationResultSchema,
});

export const translateAi = defineRoute({
  method: 'POST',
  path: '/api/translation-ai',
  access: 'user',
  summary: 'Translate a text following a prompt',
  body: z.object(
    {
      text,
      prompt: z.string({ error: MISSING }).trim().min(1, MISSING).max(MAX_PROMPT_LENGTH, PROMPT_TOO_LONG),
      locale: TranslationLocaleSchema,
      languageCode,
      context,
    },
    { error: MISSING },
  ),
  response: TranslationResultSchema,
});

export const translateMultiWords = defineRoute({
  method: 'POST',
  path: '/api/translation-ai/multi-words-translation-prompt/post',
  access: 'user',
  summary: 'Translate a selection of several words with the multi-word prompt',
  body: z.object({ text, locale: TranslationLocaleSchema, languageCode }, { error: MISSING }),
  response: TranslationResultSchema,
});

/** The prompts admins edit: article translation, multi-word selections, and public-article moderation. */
export const PROMPT_KINDS = ['translation', 'multiWord', 'publicArticleCheck'] as const;
export const PromptKindSchema = z.enum(PROMPT_KINDS, { error: 'Unknown prompt kind' });
export type PromptKind = (typeof PROMPT_KINDS)[number];

export const PromptSchema = z.object({
  kind: PromptKindSchema,
  prompt: z.string(),
  /** How many times admins changed it; 0 is the built-in default. */
  version: z.number().int(),
  updatedAt: z.iso.datetime().optional(),
});

export const getPrompts = defineRoute({
  method: 'GET',
  path: '/api/translation-ai/prompts/get',
  access: 'user',
  summary: 'The current AI prompts',
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: z.object({ prompts: z.array(PromptSchema) }),
});

export const updatePrompt = defineRoute({
  method: 'POST',
  path: '/api/translation-ai/prompts/update',
  access: 'admin',
  summary: 'Change an AI prompt (every version is kept)',
  body: z.object({
    kind: PromptKindSchema,
    prompt: z.string({ error: 'The prompt is required' }).trim().min(1, 'The prompt is required').max(MAX_PROMPT_LENGTH, PROMPT_TOO_LONG),
    commandId: CommandIdSchema.optional(),
  }),
  response: z.object({ changed: z.boolean(), position: PositionSchema.optional() }),
});

export const promptHistory = defineRoute({
  method: 'GET',
  path: '/api/translation-ai/prompts/history',
  access: 'admin',
  summary: 'Every version of one prompt, newest first',
  query: z.object({ kind: PromptKindSchema, minPosition: PositionSchema.optional() }),
  response: z.object({
    versions: z.array(z.object({ version: z.number().int(), prompt: z.string(), updatedAt: z.iso.datetime(), updatedBy: z.string() })),
  }),
});

export const ArticleCheckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);
export type ArticleCheck = z.infer<typeof ArticleCheckSchema>;

export const checkPublicArticle = defineRoute({
  method: 'POST',
  path: '/api/translation-ai/check-public-article',
  access: 'user',
  summary: 'AI moderation of an article before it is made public',
  body: z.object(
    {
      name: z.string().trim().max(300).default(''),
      content: z
        .string({ error: ARTICLE_CONTENT_REQUIRED })
        .trim()
        .min(1, ARTICLE_CONTENT_REQUIRED)
        .max(MAX_ARTICLE_CHECK_LENGTH, ARTICLE_TOO_LONG),
    },
    { error: ARTICLE_CONTENT_REQUIRED },
  ),
  response: ArticleCheckSchema,
});

/** The caller's text-to-speech allowance this calendar month (the spec's "limit of 50 translations"). */
export const TranslationLimitSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  used: z.number().int(),
  /** null for Master: unlimited. */
  limit: z.number().int().nullable(),
  remaining: z.union([z.number().int(), z.literal('unlimited')]),
  allowed: z.boolean(),
});

export const translationLimit = defineRoute({
  method: 'POST',
  path: '/api/translationLimit',
  access: 'user',
  summary: "The caller's monthly text-to-speech allowance (counts nothing)",
  response: TranslationLimitSchema,
});

export const OWN_MEANING_WORD_REQUIRED = 'The word is required';
export const OWN_MEANING_WORD_TOO_LONG = 'A word or phrase has at most 300 characters';
const ownMeaningWord = z
  .string({ error: OWN_MEANING_WORD_REQUIRED })
  .trim()
  .min(1, OWN_MEANING_WORD_REQUIRED)
  .max(300, OWN_MEANING_WORD_TOO_LONG);

/**
 * A learner's own meaning of a word or phrase: what they typed where the dictionary had none (or a better
 * one). It becomes the back of their flashcard, so it follows a card side's rules (Required, at most 300).
 */
export const saveOwnMeaning = defineRoute({
  method: 'POST',
  path: '/api/translation/meanings',
  access: 'user',
  summary: "Save the caller's own meaning of a word (the reader offers it next time)",
  description: 'Saving the meaning a word already has changes nothing (changed: false). Only the caller reads it back.',
  body: z.object({
    languageCode: LearningLanguageSchema,
    word: ownMeaningWord,
    meaning: FlashcardSideSchema,
    commandId: CommandIdSchema.optional(),
  }),
  response: z.object({ changed: z.boolean(), position: PositionSchema.optional() }),
});

export const getOwnMeaning = defineRoute({
  method: 'GET',
  path: '/api/translation/meanings',
  access: 'user',
  summary: "The caller's own meaning of a word, if they saved one",
  query: z.object({ languageCode: LearningLanguageSchema, word: ownMeaningWord, minPosition: PositionSchema.optional() }),
  response: z.object({ word: z.string(), meaning: z.string().nullable() }),
});

export const translationRoutes = {
  translate,
  translateAi,
  translateMultiWords,
  getPrompts,
  updatePrompt,
  promptHistory,
  checkPublicArticle,
  saveOwnMeaning,
  getOwnMeaning,
};
