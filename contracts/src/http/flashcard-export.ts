import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { BytesSchema, PositionSchema, defineRoute } from './route';

/** Cards out: an Anki package (.apkg) or a CSV whose word and status columns the dictionary import reads back. */
export const FLASHCARD_EXPORT_FORMATS = ['apkg', 'csv'] as const;
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
    "and the FSRS state where Anki keeps it (due, interval, reps, lapses; stability and difficulty in the card's data). " +
    'csv: one row a card, columns ' +
    FLASHCARD_CSV_COLUMNS.join(', ') +
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
