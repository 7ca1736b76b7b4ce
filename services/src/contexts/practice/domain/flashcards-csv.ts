import Papa from 'papaparse';
import { FLASHCARD_CSV_COLUMNS, type Flashcard } from '@verba/contracts';

const iso = (stamp: number | null) => (stamp === null ? '' : new Date(stamp).toISOString());

/**
 * The learner's cards as CSV (RFC 4180, UTF-8 with a byte order mark so spreadsheets read the letters
 * right), one row a card. `term` and `status` are the columns the dictionary import reads back. A cell
 * that a spreadsheet would run as a formula (=, +, -, @ first) is quoted with a leading apostrophe.
 */
export function flashcardsCsv(cards: readonly Flashcard[]): string {
  const rows = [...cards]
    .sort((a, b) => a.creationDateStamp - b.creationDateStamp || a.id.localeCompare(b.id))
    .map((c) => ({
      term: c.sourceValue,
      translation: c.targetValue,
      status: c.status,
      language: c.languageCode,
      state: c.state,
      due: iso(c.dueDateStamp),
      interval: c.scheduledDays,
      difficulty: Math.round(c.difficulty * 1000) / 1000,
      stability: Math.round(c.stability * 10000) / 10000,
      reps: c.reps,
      lapses: c.lapses,
      added: iso(c.creationDateStamp),
      origin: c.originName ?? '',
    }));
  return `\ufeff${Papa.unparse({ fields: [...FLASHCARD_CSV_COLUMNS], data: rows.map((r) => FLASHCARD_CSV_COLUMNS.map((k) => r[k])) }, { escapeFormulae: true, newline: '\r\n' })}\r\n`;
}
