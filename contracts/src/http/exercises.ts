import { z } from 'zod';
import { GAP } from '../domain/exercises';
import { LearningLanguageSchema } from '../domain/languages';
import { COURSE_MESSAGES, RevisionSchema } from './courses';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

/**
 * A chapter's exercises (spec §6): fill-the-missing-word sentences and comprehension questions, each with
 * its accepted answers. Admins write each list whole; learners see them after the chapter's text and
 * send an answer to be checked (the answers are not sent to the learner's browser beforehand).
 */
export const EXERCISE_MESSAGES = {
  gapMissing: `Mark the missing word with ${GAP} in the sentence (exactly once).`,
  answerRequired: 'At least one answer is required',
  exerciseNotFound: 'Exercise not found',
} as const;

export const MAX_EXERCISES = 30;
const MAX_EXERCISE_TEXT = 500;
const MAX_ANSWER = 100;

const required = { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Required' : undefined) };
const text = (what: string) =>
  z.string(required).trim().min(1, `${what} is required`).max(MAX_EXERCISE_TEXT, `${what} has at most ${MAX_EXERCISE_TEXT} letters`);
const answers = z
  .array(z.string().trim().min(1, 'Required').max(MAX_ANSWER, `An answer has at most ${MAX_ANSWER} letters`), required)
  .min(1, EXERCISE_MESSAGES.answerRequired)
  .max(10, 'At most 10 answers');

export const MissingWordSchema = z.object({
  sentence: text('The sentence').refine((s) => s.split(GAP).length === 2, EXERCISE_MESSAGES.gapMissing),
  answers,
});
export const QuestionSchema = z.object({ question: text('The question'), answers });
export type MissingWord = z.infer<typeof MissingWordSchema>;
export type Question = z.infer<typeof QuestionSchema>;

const chapterId = z.uuid({ error: (issue) => (issue.input === undefined ? 'Required' : COURSE_MESSAGES.chapterNotFound) });
const commandResult = z.object({ position: PositionSchema.optional(), changed: z.number().int() });
const list = <T extends z.ZodType>(item: T) => z.array(item, required).max(MAX_EXERCISES, `At most ${MAX_EXERCISES} exercises per chapter`);

export const ChapterExercisesSchema = z.object({
  chapterId: z.uuid(),
  courseId: z.uuid(),
  title: z.string(),
  revision: RevisionSchema.nullable(),
  missingWords: z.array(MissingWordSchema),
  questions: z.array(QuestionSchema),
});

export const getAdminExercises = defineRoute({
  method: 'GET',
  path: '/api/admin/courses/chapters/:chapterId/exercises',
  access: 'admin',
  summary: "A chapter's missing-word exercises and questions with their answers, and their revision",
  params: z.object({ chapterId }),
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: ChapterExercisesSchema,
  errors: { 404: 'No such chapter' },
});

/** A PUT that replaces one of a chapter's exercise lists whole. */
const putList = <const P extends `/api/${string}`, T extends z.ZodType>(path: P, item: T, summary: string) =>
  defineRoute({
    method: 'PUT',
    path,
    access: 'admin',
    summary,
    params: z.object({ chapterId }),
    body: z.object({ items: list(item), expectedRevision: RevisionSchema.optional(), commandId: CommandIdSchema.optional() }),
    response: commandResult,
    errors: { 404: 'No such chapter', 409: 'Another admin changed the exercises since the page was loaded (COURSE_MESSAGES.editConflict)' },
  });

export const putMissingWords = putList(
  '/api/admin/courses/chapters/:chapterId/missing-words',
  MissingWordSchema,
  "Replace a chapter's fill-the-missing-word exercises (the gap is written ___)",
);
export const putQuestions = putList(
  '/api/admin/courses/chapters/:chapterId/ask-questions',
  QuestionSchema,
  "Replace a chapter's comprehension questions",
);

export const getChapterExercises = defineRoute({
  method: 'GET',
  path: '/api/courses/:chapterId/exercises',
  access: 'user',
  summary: "A chapter's exercises as a learner meets them after the text (without the answers)",
  params: z.object({ chapterId }),
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: z.object({
    chapterId: z.uuid(),
    missingWords: z.array(z.object({ before: z.string(), after: z.string() })),
    questions: z.array(z.object({ question: z.string() })),
  }),
  errors: { 403: 'A premium chapter and the caller is on Free', 404: 'No such chapter (or hidden)' },
});

export const checkExerciseAnswer = defineRoute({
  method: 'POST',
  path: '/api/courses/exercises/check',
  access: 'user',
  summary: 'Check a learner’s answer to one exercise: right or wrong, and the expected answer',
  body: z.object({
    chapterId,
    languageCode: LearningLanguageSchema.optional(),
    kind: z.enum(['missing-word', 'question']),
    index: z.number().int().min(0),
    answer: z.string(required).max(MAX_EXERCISE_TEXT),
  }),
  response: z.object({
    correct: z.boolean(),
    answers: z.array(z.string()),
    /** A right answer written with ss for ß: the accepted spelling (domain/exercises.ts checkAnswer). */
    spelledAs: z.string().optional(),
  }),
  errors: { 403: 'A premium chapter and the caller is on Free', 404: 'No such chapter or exercise' },
});

export const exercisesRoutes = { getAdminExercises, putMissingWords, putQuestions, getChapterExercises, checkExerciseAnswer };
