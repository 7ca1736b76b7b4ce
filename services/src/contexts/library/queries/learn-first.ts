import type { Knex } from 'knex';
import {
  FLASHCARD_SENTENCE_MAX,
  LEARN_FIRST_TARGET_PERCENT,
  splitSentences,
  tokenize,
  type LearningLanguage,
  type LearnFirstWord,
} from '@verba/contracts';
import { baseForms } from '../../../platform/base-forms';
import { visibleText } from '../domain/sanitize';
import { wordHash } from '../domain/word-hash';
import { wordCounts } from '../projections/articles';

/** What "Learn these first" answers before meanings are added (the route looks those up). */
export interface LearnFirstCounts {
  totalWords: number;
  knownWords: number;
  knownPercent: number;
  knownPercentAfter: number;
  words: Omit<LearnFirstWord, 'meaning'>[];
}

/** A reader's marks as the label query reads them: Ignored by the form's own hash, Known and Uncertain by family hash. */
export interface FamilyMarks {
  ignoredWords: ReadonlySet<string>;
  knownFamilies: ReadonlySet<string>;
  uncertainFamilies: ReadonlySet<string>;
}

/** A text's distinct word (key) with its occurrences, its base word, and the hashes the label query compares. */
export interface TextWord {
  word: string;
  occurrences: number;
  base: string;
  hash: string;
  family: string;
}

/** Whole percents rounded down, so 95 is shown only once the label's exact 95% rule holds. */
const percentOf = (known: number, total: number) => (total <= 0 ? 100 : Math.floor((known * 100) / total));
const reached = (known: number, total: number) => known * 100 >= LEARN_FIRST_TARGET_PERCENT * total;

/**
 * The label's rule (wordCountsSql, contracts' countedByFamily) applied to one text: Ignored forms count nowhere,
 * a form is Known when its family is, else Uncertain when its family is. The families not known are grouped by
 * base word and taken most frequent first (ties by base word, for a stable list) until the text would be
 * LEARN_FIRST_TARGET_PERCENT known, at most `limit` of them.
 */
export function learnFirstOf(words: readonly TextWord[], marks: FamilyMarks, limit: number): LearnFirstCounts {
  let total = 0;
  let known = 0;
  const families = new Map<string, { word: string; forms: TextWord[]; count: number; uncertain: boolean }>();
  for (const w of words) {
    if (marks.ignoredWords.has(w.hash)) continue;
    total += w.occurrences;
    if (marks.knownFamilies.has(w.family)) {
      known += w.occurrences;
      continue;
    }
    const family = families.get(w.family) ?? { word: w.base, forms: [], count: 0, uncertain: false };
    family.forms.push(w);
    family.count += w.occurrences;
    family.uncertain ||= marks.uncertainFamilies.has(w.family);
    families.set(w.family, family);
  }
  const ordered = [...families.values()].sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const chosen: typeof ordered = [];
  let after = known;
  for (const family of ordered) {
    if (reached(after, total) || chosen.length >= limit) break;
    chosen.push(family);
    after += family.count;
  }
  return {
    totalWords: total,
    knownWords: known,
    knownPercent: percentOf(known, total),
    knownPercentAfter: percentOf(after, total),
    words: chosen.map((f) => ({
      word: f.word,
      forms: [...f.forms].sort((a, b) => b.occurrences - a.occurrences).map((w) => w.word),
      count: f.count,
      status: f.uncertain ? 'uncertain' : 'new',
      sentence: null,
    })),
  };
}

/** The first sentence of the text holding each of these forms (cut to a card's sentence length). */
export function firstSentences(text: string, forms: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const sentence of splitSentences(text)) {
    if (found.size === forms.size) break;
    for (const token of tokenize(sentence)) {
      if (token.kind === 'word' && forms.has(token.key) && !found.has(token.key)) {
        found.set(token.key, Array.from(sentence).slice(0, FLASHCARD_SENTENCE_MAX).join(''));
      }
    }
  }
  return found;
}

/**
 * "Learn these first" for one article and reader, computed on request: the text is tokenized as the word set
 * was when it was written (a few milliseconds for a long article), and only the reader's marks of the text's
 * words and families are read (the read model's key starts with the reader), so nothing is cached.
 */
export class LearnFirstQueries {
  constructor(private readonly db: Knex) {}

  async of(
    userId: string,
    article: { languageCode: LearningLanguage; content: string; contentFormat: 'text' | 'html' },
    limit: number,
  ): Promise<LearnFirstCounts> {
    const language = article.languageCode;
    const bases = await baseForms.of(language);
    const words: TextWord[] = [...wordCounts(article.content, article.contentFormat)].map(([word, occurrences]) => {
      const base = bases.baseOf(word);
      return { word, occurrences, base, hash: wordHash(language, word), family: wordHash(language, base) };
    });
    const rows = (await this.db('library_reader_words')
      .where({ user_id: userId, language })
      .where((q) =>
        q
          .whereRaw('word_hash = any(?::bigint[])', [words.map((w) => w.hash)])
          .orWhereRaw('family_hash = any(?::bigint[])', [[...new Set(words.map((w) => w.family))]]),
      )
      .select(this.db.raw('word_hash::text as word_hash'), this.db.raw('family_hash::text as family_hash'), 'status')) as {
      word_hash: string;
      family_hash: string;
      status: string;
    }[];
    const of = (status: string, pick: (r: (typeof rows)[number]) => string) => new Set(rows.filter((r) => r.status === status).map(pick));
    const counts = learnFirstOf(
      words,
      {
        ignoredWords: of('ignored', (r) => r.word_hash),
        knownFamilies: of('known', (r) => r.family_hash),
        uncertainFamilies: of('uncertain', (r) => r.family_hash),
      },
      limit,
    );
    const sentences = firstSentences(visibleText(article.content, article.contentFormat), new Set(counts.words.flatMap((w) => w.forms)));
    for (const w of counts.words) w.sentence = w.forms.map((f) => sentences.get(f)).find(Boolean) ?? null;
    return counts;
  }
}
