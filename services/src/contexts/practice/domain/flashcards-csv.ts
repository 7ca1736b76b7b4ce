import Papa from 'papaparse';
import { FLASHCARD_CSV_COLUMNS, REVIEW_CSV_COLUMNS, type Flashcard } from '@verba/contracts';
import type { ReviewRow } from '../projections/reviews';

const iso = (stamp: number | null) => (stamp === null ? '' : new Date(stamp).toISOString());

/**
 * The learner's cards as CSV (RFC 4180, UTF-8 with a byte order mark so spreadsheets read the letters
 * right), one row a card. `term` and `status` are the columns the dictionary import reads back. A cell
 * that a spreadsheet would run as a formula (=, +, -, @ first) is quoted with a leading apostrophe.
 */
export function flashcardsCsv(cards: readonly Flashcard[]): string {
  return csv(FLASHCARD_CSV_COLUMNS, cardRows(cards));
}

/** A table as CSV the way both exports write it: BOM, CRLF, formulas neutralised. */
function csv<K extends string>(columns: readonly K[], rows: readonly Record<K, unknown>[]): string {
  return `\ufeff${Papa.unparse({ fields: [...columns], data: rows.map((r) => columns.map((k) => r[k])) }, { escapeFormulae: true, newline: '\r\n' })}\r\n`;
}

/**
 * The review log of these cards, one row a review (oldest first), beside the cards' CSV: the history a
 * spreadsheet or another scheduler can read. Reviews of cards no longer there are left out, as in the package.
 */
export function reviewsCsv(cards: readonly Flashcard[], reviews: readonly ReviewRow[]): string {
  const terms = new Map(cards.map((c) => [c.id, c.sourceValue]));
  const rows = reviews.flatMap((r) => {
    const term = terms.get(r.card_id);
    if (term === undefined) return [];
    return [
      {
        term,
        reviewed: r.reviewed_at.toISOString(),
        rating: r.rating,
        source: r.source,
        scheduled: r.scheduled,
        state_before: r.state_before,
        interval_before: r.interval_before,
        interval_after: r.interval_after,
        due_after: r.due_after.toISOString(),
        stability_after: Math.round(Number(r.stability_after) * 10000) / 10000,
        difficulty_after: Math.round(Number(r.difficulty_after) * 1000) / 1000,
      },
    ];
  });
  return csv(REVIEW_CSV_COLUMNS, rows);
}

function cardRows(cards: readonly Flashcard[]) {
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
      sentence: c.sentence ?? '',
    }));
  return rows;
}
