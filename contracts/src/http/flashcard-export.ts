import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { BytesSchema, PositionSchema, defineRoute } from './route';

/**
 * Cards out: an Anki package (.apkg, with the review log), a CSV whose word and status columns the dictionary
 * import reads back, or the review log as a CSV beside it (`reviews`).
 */
export const FLASHCARD_EXPORT_FORMATS = ['apkg', 'csv', 'reviews'] as const;
export type FlashcardExportFormat = (typeof FLASHCARD_EXPORT_FORMATS)[number];

export const FLASHCARD_EXPORT_TYPES = { apkg: 'application/apkg', csv: 'text/csv; charset=utf-8' } as const;

/** The CSV's columns, in order; `term` and `status` are the names LUTE and LingQ exports use too. */
export const FLASHCARD_CSV_COLUMNS = [
  'term',
  'translation',
  'status',
  'language',
  'state',
  'due',
  'interval',
  'difficulty',
  'stability',
  'reps',
  'lapses',
  'added',
  'origin',
  'sentence',
] as const;

/** The review log's CSV columns, in order: one row a review that stands, oldest first. */
export const REVIEW_CSV_COLUMNS = [
  'term',
  'reviewed',
  'rating',
  'source',
  'scheduled',
  'state_before',
  'interval_before',
  'interval_after',
  'due_after',
  'stability_after',
  'difficulty_after',
] as const;

export const EXPORT_MESSAGES = {
  noCards: 'You have no flashcards in this language yet.',
} as const;

export const exportFlashcards = defineRoute({
  method: 'GET',
  path: '/api/flashcards/export',
  access: 'user',
  summary: "Download the caller's flashcards in one language as an Anki package (.apkg) or a CSV file",
  description:
    'apkg: a zip with collection.anki2 (Anki\'s SQLite schema 11): one "Verba" note type with Front and Back, one card a note, ' +
    "and the FSRS state where Anki keeps it (due, interval, reps, lapses; stability and difficulty in the card's data), " +
    "with a revlog row for every review that stands, so Anki's optimiser can fit FSRS on it. " +
    'csv: one row a card, columns ' +
    FLASHCARD_CSV_COLUMNS.join(', ') +
    '. reviews: the review log of those cards as CSV, one row a review (oldest first), columns ' +
    REVIEW_CSV_COLUMNS.join(', ') +
    '. Sent as an attachment.',
  query: z.object({
    languageCode: LearningLanguageSchema,
    format: z.enum(FLASHCARD_EXPORT_FORMATS).default('apkg'),
    minPosition: PositionSchema.optional(),
  }),
  produces: [FLASHCARD_EXPORT_TYPES.apkg, 'text/csv'],
  response: BytesSchema.meta({ description: 'The file (application/apkg or text/csv)' }),
  errors: { 404: EXPORT_MESSAGES.noCards },
});

export const flashcardExportRoutes = { exportFlashcards };
