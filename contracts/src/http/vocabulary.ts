import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { LevelSchema } from '../domain/levels';
import { MAX_PHRASE_WORDS, PHRASE_TOO_LONG, entryKey, entryWordCount, wordKey } from '../domain/words';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

/**
 * New removes a word from the dictionary; Known, Uncertain and Ignored add it or replace its status. Ignored
 * (names, numbers, foreign words) counts nowhere: not in difficulty labels, the level hint, known or new counts.
 */
export const WordStatusSchema = z.enum(['new', 'known', 'uncertain', 'ignored']);
export type WordStatus = z.infer<typeof WordStatusSchema>;
/** A status a dictionary entry holds (New is no entry). */
export const EntryStatusSchema = z.enum(['known', 'uncertain', 'ignored']);
export type EntryStatus = z.infer<typeof EntryStatusSchema>;

export const MAX_WORD_LENGTH = 100;
/** A phrase of eight long words still fits; the own meaning's word or phrase has the same bound. */
export const MAX_PHRASE_LENGTH = 300;
export const MAX_WORDS_PER_REQUEST = 1000;

/** A word as the learner sent it: looked up case-insensitively, without edge punctuation. */
export const WordValueSchema = z
  .string()
  .max(MAX_WORD_LENGTH, `A word has at most ${MAX_WORD_LENGTH} letters`)
  .refine((w) => wordKey(w) !== '', 'Not a word')
  .transform((w) => wordKey(w));

/**
 * A dictionary entry's value as sent: a word (as WordValueSchema) or a phrase (issue 38.3: several words,
 * at most MAX_PHRASE_WORDS), keyed by entryKey, a phrase as its words' keys joined by one space.
 */
export const EntryValueSchema = z
  .string()
  .max(MAX_PHRASE_LENGTH, `A word or phrase has at most ${MAX_PHRASE_LENGTH} letters`)
  .transform((w, ctx) => {
    const key = entryKey(w);
    const words = entryWordCount(key);
    if (words === 0) ctx.addIssue({ code: 'custom', message: 'Not a word' });
    else if (words === 1 && w.trim().length > MAX_WORD_LENGTH)
      ctx.addIssue({ code: 'custom', message: `A word has at most ${MAX_WORD_LENGTH} letters` });
    else if (words > MAX_PHRASE_WORDS) ctx.addIssue({ code: 'custom', message: PHRASE_TOO_LONG });
    else return key;
    return z.NEVER;
  });

/**
 * A dictionary entry. `value` is the word's text, the spec's name for it ("value (word)"); it is the wire's
 * name only: the back end's code calls it `word`.
 */
export const DictionaryEntrySchema = z.object({ value: z.string(), status: EntryStatusSchema });

const languageCode = { languageCode: LearningLanguageSchema };

export const getDictionary = defineRoute({
  method: 'GET',
  path: '/api/dictionary',
  access: 'user',
  summary: "The signed-in user's dictionary in one language",
  query: z.object({ ...languageCode, minPosition: PositionSchema.optional() }),
  response: z.object({ languageCode: LearningLanguageSchema, words: z.array(DictionaryEntrySchema) }),
});

const markResult = z.object({
  /** Where the last change landed; absent when nothing changed. */
  position: PositionSchema.optional(),
  changed: z.number().int(),
});

export const patchDictionary = defineRoute({
  method: 'PATCH',
  path: '/api/dictionary',
  access: 'user',
  summary: 'Set the status of several words (or phrases)',
  body: z.object({
    ...languageCode,
    words: z
      .array(z.object({ value: EntryValueSchema, status: WordStatusSchema }))
      .min(1, 'At least one word is required')
      .max(MAX_WORDS_PER_REQUEST, `At most ${MAX_WORDS_PER_REQUEST} words at once`),
    commandId: CommandIdSchema.optional(),
  }),
  response: markResult,
});

export const patchWord = defineRoute({
  method: 'PATCH',
  path: '/api/dictionary/word',
  access: 'user',
  summary: 'Mark one word or phrase New, Known, Uncertain or Ignored',
  body: z.object({
    ...languageCode,
    word: z.object({ value: EntryValueSchema, status: WordStatusSchema }),
    commandId: CommandIdSchema.optional(),
  }),
  response: markResult.extend({ word: z.object({ value: z.string(), status: WordStatusSchema }) }),
});

export const addMany = defineRoute({
  method: 'POST',
  path: '/api/dictionary/add-many',
  access: 'user',
  summary: 'Add many words (Known unless said otherwise)',
  body: z.object({
    ...languageCode,
    words: z
      .array(EntryValueSchema)
      .min(1, 'At least one word is required')
      .max(MAX_WORDS_PER_REQUEST, `At most ${MAX_WORDS_PER_REQUEST} words at once`),
    status: EntryStatusSchema.default('known'),
    commandId: CommandIdSchema.optional(),
  }),
  response: markResult,
});

export const dictionaryAnalytics = defineRoute({
  method: 'GET',
  path: '/api/dictionary/analytics',
  access: 'user',
  summary: 'Counts and level hint of a dictionary (own, or any user for admins)',
  query: z.object({ ...languageCode, userId: z.uuid().optional(), minPosition: PositionSchema.optional() }),
  response: z.object({
    languageCode: LearningLanguageSchema,
    known: z.number().int(),
    uncertain: z.number().int(),
    total: z.number().int(),
    /** Word families (a base word and its inflected forms) with a Known form; known, uncertain and total count forms. */
    familiesKnown: z.number().int(),
    /** Families with an Uncertain form and none Known. */
    familiesUncertain: z.number().int(),
    /** The spec's thresholds applied to Known + Uncertain families (contracts' familyLevelHint). */
    levelHint: LevelSchema,
  }),
});

export const vocabularyRoutes = { getDictionary, patchDictionary, patchWord, addMany, dictionaryAnalytics };
