import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { wordKey } from '../domain/words';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';
import { MAX_WORD_LENGTH, WordValueSchema } from './vocabulary';

/**
 * Word families (issue 38.2): a form's base word as the learner sees it, the learner's own splits and base
 * words set by hand, and admins' corrections of a wrong base word for everyone.
 */

/** Words one look-up answers (a reader page's distinct words come in a few look-ups). */
export const MAX_FAMILY_WORDS = 200;

/** Where a base word comes from: the learner's own (set by hand), split off (its own base), an admin's correction, the dictionary. */
export const BaseSourceSchema = z.enum(['own', 'split', 'corrected', 'dictionary']);

/** Comma-separated words in a query: each a word key; blanks and repeats dropped. */
const WordListSchema = z
  .string()
  .transform((s) => [...new Set(s.split(',').map(wordKey).filter(Boolean))])
  .refine((words) => words.length >= 1, 'At least one word is required')
  .refine((words) => words.length <= MAX_FAMILY_WORDS, `At most ${MAX_FAMILY_WORDS} words at once`)
  .refine((words) => words.every((w) => w.length <= MAX_WORD_LENGTH), `A word has at most ${MAX_WORD_LENGTH} letters`);

const language = { languageCode: LearningLanguageSchema };

const changeResult = z.object({
  /** Where the change landed; absent when nothing changed. */
  position: PositionSchema.optional(),
  changed: z.number().int(),
});

export const getWordFamilies = defineRoute({
  method: 'GET',
  path: '/api/dictionary/families',
  access: 'user',
  summary: "The base word of each word, as the caller sees it: their own choice, else an admin's correction, else the dictionary's",
  query: z.object({ ...language, words: WordListSchema, minPosition: PositionSchema.optional() }),
  response: z.object({
    languageCode: LearningLanguageSchema,
    words: z.array(z.object({ value: z.string(), base: z.string(), source: BaseSourceSchema })),
  }),
});

export const splitWordOff = defineRoute({
  method: 'POST',
  path: '/api/dictionary/families/split',
  access: 'user',
  summary: 'Split a form off its family ("not the same word"): for the caller it is its own base word',
  body: z.object({ ...language, word: WordValueSchema, commandId: CommandIdSchema.optional() }),
  response: changeResult,
});

export const setOwnBase = defineRoute({
  method: 'PUT',
  path: '/api/dictionary/families/base',
  access: 'user',
  summary: "Set a form's base word by hand, for the caller only",
  body: z.object({ ...language, word: WordValueSchema, base: WordValueSchema, commandId: CommandIdSchema.optional() }),
  response: changeResult,
});

export const rejoinWord = defineRoute({
  method: 'POST',
  path: '/api/dictionary/families/rejoin',
  access: 'user',
  summary: "Undo the caller's split or base word set by hand: the form is back in the family the dictionary (or an admin) gives",
  body: z.object({ ...language, word: WordValueSchema, commandId: CommandIdSchema.optional() }),
  response: changeResult,
});

export const BaseCorrectionSchema = z.object({ base: z.string(), correctedBy: z.string(), correctedAt: z.iso.datetime() });

export const getBaseCorrection = defineRoute({
  method: 'GET',
  path: '/api/admin/word-families',
  access: 'admin',
  summary: "A form's base word from the dictionary and an admin's correction of it, if any",
  query: z.object({ ...language, word: WordValueSchema, minPosition: PositionSchema.optional() }),
  response: z.object({
    languageCode: LearningLanguageSchema,
    word: z.string(),
    dictionaryBase: z.string(),
    correction: BaseCorrectionSchema.nullable(),
  }),
});

export const correctBase = defineRoute({
  method: 'PUT',
  path: '/api/admin/word-families',
  access: 'admin',
  summary: "Correct a form's base word for everyone (null: back to the dictionary's)",
  body: z.object({ ...language, word: WordValueSchema, base: WordValueSchema.nullable(), commandId: CommandIdSchema.optional() }),
  response: changeResult,
});

export const wordFamilyRoutes = { getWordFamilies, splitWordOff, setOwnBase, rejoinWord, getBaseCorrection, correctBase } as const;
