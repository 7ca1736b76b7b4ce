import type { Knex } from 'knex';
import {
  familyBase,
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
import { overridesSql } from './difficulty-sql';
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
 * words and families are read (the read model's key starts with the reader), so nothing is cached. Families are
 * the ones the learner sees, as the label counts them (contracts' familyBase): their own choices (a base word set
 * by hand, a form split off), else admins' corrections, else the dictionary's links; a mark counts for the
 * family its form is in for them.
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
    const counted = [...wordCounts(article.content, article.contentFormat)];
    const hashes = counted.map(([word]) => wordHash(language, word));
    // The text's forms the learner or an admin gave another base word.
    const [own, corrected] = await Promise.all([
      this.db('library_own_families')
        .where({ user_id: userId, language })
        .whereRaw('word_hash = any(?::bigint[])', [hashes])
        .select<{ word: string; base: string }[]>('word', 'base'),
      this.db('library_family_corrections')
        .where({ language })
        .whereRaw('word_hash = any(?::bigint[])', [hashes])
        .select<{ word: string; base: string }[]>('word', 'base'),
    ]);
    const overrides = { own: new Map(own.map((r) => [r.word, r.base])), corrected: new Map(corrected.map((r) => [r.word, r.base])) };
    const words: TextWord[] = counted.map(([word, occurrences], i) => {
      const base = familyBase(word, (w) => bases.baseOf(w), overrides).base;
      return { word, occurrences, base, hash: hashes[i]!, family: wordHash(language, base) };
    });
    // The reader's marks of these forms, or of any form whose family (as they see it) is one of the text's.
    const { rows } = (await this.db.raw(
      `select r.word_hash::text as word_hash, coalesce(o.family_hash, r.family_hash)::text as family_hash, r.status
         from library_reader_words r left join ${overridesSql('?', '?')} o on o.word_hash = r.word_hash
        where r.user_id = ? and r.language = ?
          and (r.word_hash = any(?::bigint[]) or coalesce(o.family_hash, r.family_hash) = any(?::bigint[]))`,
      [userId, userId, userId, language, hashes, [...new Set(words.map((w) => w.family))]],
    )) as { rows: { word_hash: string; family_hash: string; status: string }[] };
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
