import type { Knex } from 'knex';
import {
  FLASHCARD_SENTENCE_MAX,
  READING_SENTENCES_MAX,
  splitSentences,
  splitWords,
  tokenize,
  wordKey,
  type LearningLanguage,
  type ReadingSentence,
} from '@verba/contracts';
import type { Actor } from '../deciders/article-decider';
import { visibleText } from '../domain/sanitize';
import { familyHash, wordHash } from '../domain/word-hash';
import type { ChapterReading } from '../../../platform/module';
import type { ArticleQueries } from './articles';

/** Articles looked into at most: the ones read most lately that have the word (their text is split here). */
const ARTICLES_LOOKED_INTO = 20;
/** Chapters looked into at most: the ones read most lately (no word index: each one's text is split here). */
const CHAPTERS_LOOKED_INTO = 20;
/** Sentences taken from one text at most, so the choice shows more than one text. */
const PER_TEXT = 2;

/** A text the learner read: an article or a course chapter, with when they last read it. */
interface ReadText {
  origin: ReadingSentence['origin'];
  id: string;
  title: string;
  text: string;
  at: number;
}

/** The word the look-up is about: a phrase card's longest word ("der Hund" is about "hund"). */
function mainKey(word: string): string {
  return splitWords(word)
    .map(wordKey)
    .reduce((a, b) => ([...b].length > [...a].length ? b : a), '');
}

/**
 * Sentences of the texts a learner has read that hold a word or a form of its family: articles (the read models'
 * word and family hashes find them) and course chapters (the courses' owner gives the latest read, through the
 * platform's chapter reading port); the texts' sentences are then split as the reader splits them.
 */
export class SentenceQueries {
  constructor(
    private readonly db: Knex,
    private readonly articles: ArticleQueries,
    private readonly chapters: ChapterReading,
  ) {}

  async find(viewer: Actor, language: LearningLanguage, word: string): Promise<ReadingSentence[]> {
    const key = mainKey(word);
    if (!key) return [];
    const family = familyHash(language, key);
    const hash = wordHash(language, key);
    const [articles, chapters] = await Promise.all([
      this.readArticles(viewer, language, hash, family),
      this.chapters.readChapters(viewer, language, CHAPTERS_LOOKED_INTO),
    ]);
    const texts: ReadText[] = [
      ...articles,
      ...chapters.map((c) => ({ origin: 'chapter' as const, id: c.chapterId, title: c.title, text: c.text, at: c.readAt.getTime() })),
    ].sort((x, y) => y.at - x.at);
    const families = new Map<string, string>();
    const isForm = (k: string) => {
      if (k === key) return true;
      if (!families.has(k)) families.set(k, familyHash(language, k));
      return families.get(k) === family;
    };
    const found: ReadingSentence[] = [];
    const seen = new Set<string>();
    for (const text of texts) {
      let taken = 0;
      for (const sentence of splitSentences(text.text)) {
        if (Array.from(sentence).length > FLASHCARD_SENTENCE_MAX || seen.has(sentence)) continue;
        if (!tokenize(sentence).some((t) => t.kind === 'word' && isForm(t.key))) continue;
        seen.add(sentence);
        const link = text.origin === 'article' ? { articleId: text.id } : {};
        found.push({ sentence, origin: text.origin, originId: text.id, title: text.title, ...link });
        if (found.length === READING_SENTENCES_MAX) return found;
        if (++taken === PER_TEXT) break;
      }
    }
    return found;
  }

  /** The articles the viewer opened (reading progress) or read (last reads) that have the word or its family, and may still open. */
  private async readArticles(viewer: Actor, language: LearningLanguage, hash: string, family: string): Promise<ReadText[]> {
    const { rows } = (await this.db.raw(
      `select r.article_id, max(r.at) as at
         from (select article_id, updated_at as at from library_progress where user_id = ? and language = ?
               union all
               select article_id, read_at as at from library_last_reads where user_id = ? and language = ?) r
         join library_article_words w on w.article_id = r.article_id
        where ?::bigint = any(w.word_hashes) or ?::bigint = any(w.family_hashes)
        group by r.article_id
        order by max(r.at) desc, r.article_id
        limit ?`,
      [viewer.userId, language, viewer.userId, language, hash, family, ARTICLES_LOOKED_INTO],
    )) as { rows: { article_id: string; at: Date | string }[] };
    // The reader's own rule: a text made private, deleted or premium-only since is not quoted.
    const openable = await this.articles.openable(
      viewer,
      rows.map((r) => r.article_id),
    );
    const ids = rows.filter((r) => openable.has(r.article_id));
    if (!ids.length) return [];
    const texts = new Map(
      (
        (await this.db('library_articles')
          .whereRaw('id = any(?::uuid[])', [ids.map((r) => r.article_id)])
          .select('id', 'name', 'content', 'content_format')) as {
          id: string;
          name: string;
          content: string;
          content_format: 'text' | 'html';
        }[]
      ).map((t) => [t.id, t]),
    );
    return ids.flatMap((r): ReadText[] => {
      const t = texts.get(r.article_id);
      return t
        ? [{ origin: 'article', id: t.id, title: t.name, text: visibleText(t.content, t.content_format), at: new Date(r.at).getTime() }]
        : [];
    });
  }
}
