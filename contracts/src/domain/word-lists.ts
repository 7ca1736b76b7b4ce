import Papa from 'papaparse';
import { LANGUAGE_NAMES, type LearningLanguage } from './languages';
import { MAX_PHRASE_WORDS, entryKey, entryWordCount, wordKey } from './words';

/**
 * Cards and words in: a CSV word list (what LingQ, LUTE and Verba's own flashcard export write) read into
 * dictionary statuses, and the plan of what importing it changes in a learner's dictionary. Shared by the
 * dictionary page (preview, then `POST /api/dictionary/add-many` per status) and the tests.
 *
 * Column names (case-insensitive): the word is `term` (LUTE, LingQ, Verba) or `word`/`value`/`front`; the
 * status is `status`. Status values:
 * - LUTE (`term` with `parent`, `language`, `link_status`, `pronunciation` or `added`): 1-4 learning ->
 *   Uncertain, 5 and 99/W (well known) -> Known, 98/I (ignored) -> Ignored, blank (LUTE reads it as 1) -> Uncertain.
 * - LingQ (`fragment`, `hint(s)`, `importance`, `extended_status`): 0-2 (new, recognized, familiar) ->
 *   Uncertain, 3 and up (learned) or `extended_status` 3 (known) -> Known; `ignored` -> Ignored.
 * - Words: known, learned, well known, mastered -> Known; uncertain, learning, new, recognized, familiar ->
 *   Uncertain; ignored, ignore, I -> Ignored. Other numbers read as LUTE's 1-5 scale.
 *   (Verba's own word list, wordListCsv, writes these words.)
 * - No status column: every word Known (as add-many does by default).
 * A `language` column, when present, keeps only rows of the chosen language (code or English name).
 */
export type ImportStatus = 'known' | 'uncertain' | 'ignored';
export type WordListFormat = 'lute' | 'lingq' | 'verba' | 'list';

export const WORD_LIST_MAX_WORDS = 20_000;

export const WORD_LIST_MESSAGES = {
  empty: 'The file has no rows.',
  noWordColumn: 'No word column found: the first row must name a "term" or "word" column.',
  tooMany: `At most ${WORD_LIST_MAX_WORDS} words can be imported at once.`,
  notCsv: 'This file is not a CSV word list.',
} as const;

export interface SkippedRow {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  reason: 'not a word' | 'phrase' | 'other language' | 'unknown status';
}

export interface WordList {
  format: WordListFormat;
  /** One entry a word (its dictionary key), the last row of a word deciding its status. */
  words: Map<string, ImportStatus>;
  skipped: SkippedRow[];
}

const WORD_COLUMNS = ['term', 'word', 'value', 'front', 'sourcevalue', 'lemma'];
const LINGQ_COLUMNS = ['fragment', 'hint', 'hints', 'importance', 'extended_status', 'best_translation'];
const LUTE_COLUMNS = ['parent', 'link_status', 'pronunciation', 'added'];
const KNOWN_WORDS = new Set(['known', 'learned', 'well known', 'wellknown', 'w', 'mastered']);
const UNCERTAIN_WORDS = new Set(['uncertain', 'learning', 'new', 'recognized', 'familiar', 'unknown']);
const IGNORED_WORDS = new Set(['ignored', 'ignore', 'i']);

export class WordListError extends Error {
  override readonly name = 'WordListError';
}

function formatOf(columns: readonly string[]): WordListFormat {
  if (columns.some((c) => LINGQ_COLUMNS.includes(c))) return 'lingq';
  if (columns.includes('term') && columns.includes('state') && columns.includes('due')) return 'verba';
  if (columns.includes('term') && columns.some((c) => LUTE_COLUMNS.includes(c))) return 'lute';
  return 'list';
}

type Status = ImportStatus | undefined;

function statusOf(value: string, format: WordListFormat, extended: string): Status {
  const v = value.trim().toLowerCase();
  if (format === 'lingq') {
    if (extended.trim() === '3') return 'known';
    if (IGNORED_WORDS.has(extended.trim().toLowerCase())) return 'ignored';
    if (/^\d+$/.test(v)) return Number(v) >= 3 ? 'known' : 'uncertain';
  }
  if (v === '') return 'uncertain';
  if (KNOWN_WORDS.has(v)) return 'known';
  if (UNCERTAIN_WORDS.has(v)) return 'uncertain';
  if (IGNORED_WORDS.has(v) || v === '98') return 'ignored';
  if (/^\d+$/.test(v)) return Number(v) >= 5 ? 'known' : 'uncertain';
  return undefined;
}

/** A cell a spreadsheet-safe export quoted with an apostrophe (="...", +..., -..., @...) reads as written. */
const unquote = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const matchesLanguage = (value: string, language: LearningLanguage) => {
  const v = value.trim().toLowerCase();
  return v === '' || v === language || v === LANGUAGE_NAMES[language].toLowerCase();
};

/** Reads a CSV (or tab-separated) word list for one language; throws WordListError with a clear message. */
export function parseWordList(text: string, language: LearningLanguage): WordList {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const columns = parsed.meta.fields ?? [];
  if (!parsed.data.length) throw new WordListError(WORD_LIST_MESSAGES.empty);
  const wordColumn = WORD_COLUMNS.find((c) => columns.includes(c)) ?? (columns.length === 1 ? columns[0] : undefined);
  if (!wordColumn) throw new WordListError(WORD_LIST_MESSAGES.noWordColumn);
  const format = formatOf(columns);
  const hasStatus = columns.includes('status');
  const words = new Map<string, ImportStatus>();
  const skipped: SkippedRow[] = [];
  parsed.data.forEach((row, i) => {
    const line = i + 2;
    const raw = unquote(String(row[wordColumn] ?? '')).trim();
    if (row['language'] !== undefined && !matchesLanguage(row['language'], language))
      return skipped.push({ line, reason: 'other language' });
    // A phrase of up to MAX_PHRASE_WORDS words is an entry like a word (issue 38.3); a longer one is skipped.
    const phrase = /\s/.test(raw) ? entryKey(raw) : null;
    if (phrase !== null && entryWordCount(phrase) > MAX_PHRASE_WORDS) return skipped.push({ line, reason: 'phrase' });
    const key = phrase ?? (raw.length <= 100 ? wordKey(raw) : '');
    if (!key) return skipped.push({ line, reason: 'not a word' });
    const status = hasStatus ? statusOf(String(row['status'] ?? ''), format, String(row['extended_status'] ?? '')) : 'known';
    if (!status) return skipped.push({ line, reason: 'unknown status' });
    words.delete(key); // the last row of a word decides, and keeps the file's order
    words.set(key, status);
    return undefined;
  });
  if (words.size > WORD_LIST_MAX_WORDS) throw new WordListError(WORD_LIST_MESSAGES.tooMany);
  return { format, words, skipped };
}

export interface WordImportPlan {
  /** What to send, per status: words new to the dictionary or whose status changes. */
  send: Record<ImportStatus, string[]>;
  counts: { newKnown: number; newUncertain: number; newIgnored: number; changed: number; unchanged: number; skipped: number };
  /** Words whose status changes, with the status they have now. */
  changes: { word: string; from: ImportStatus; to: ImportStatus }[];
}

/** What importing a word list changes in a dictionary (word key -> status); nothing is ever removed. */
export function planWordImport(list: WordList, dictionary: ReadonlyMap<string, ImportStatus>): WordImportPlan {
  const plan: WordImportPlan = {
    send: { known: [], uncertain: [], ignored: [] },
    counts: { newKnown: 0, newUncertain: 0, newIgnored: 0, changed: 0, unchanged: 0, skipped: list.skipped.length },
    changes: [],
  };
  for (const [word, status] of list.words) {
    const now = dictionary.get(word);
    if (now === status) {
      plan.counts.unchanged += 1;
      continue;
    }
    plan.send[status].push(word);
    if (now) {
      plan.counts.changed += 1;
      plan.changes.push({ word, from: now, to: status });
    } else if (status === 'known') plan.counts.newKnown += 1;
    else if (status === 'ignored') plan.counts.newIgnored += 1;
    else plan.counts.newUncertain += 1;
  }
  return plan;
}

const STATUS_WORDS: Record<ImportStatus, string> = { known: 'known', uncertain: 'uncertain', ignored: 'ignored' };
/** A cell a spreadsheet would run as a formula, quoted with an apostrophe (parseWordList reads it back as written). */
const safeCell = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
const csvCell = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/**
 * A dictionary as a CSV word list (`term,status`, one row a word, Ignored words included): what "Download my
 * words" saves, and what parseWordList reads back into the same statuses.
 */
export function wordListCsv(words: Iterable<{ value: string; status: ImportStatus }>): string {
  const rows = ['term,status'];
  for (const w of words) rows.push(`${csvCell(safeCell(w.value))},${STATUS_WORDS[w.status]}`);
  return `${rows.join('\r\n')}\r\n`;
}
