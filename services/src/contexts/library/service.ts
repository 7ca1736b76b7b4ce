import type { Knex } from 'knex';
import type { Article, ArticleSummary, LearningLanguage } from '@verba/contracts';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import type { EventStore } from '../../platform/event-store/port';
import { articleDecider, type PublishArticle } from './decider';
import { articleStream, libraryEvents } from './events';

const codec = new EventCodec([...libraryEvents]);

interface ArticleRow {
  id: string;
  language: LearningLanguage;
  name: string;
  category: Article['category'];
  level: Article['generalDifficulty'];
  total_words: number;
  author_display_name: string;
  created_at: Date;
  content?: string;
}

const toSummary = (r: ArticleRow): ArticleSummary => ({
  id: r.id,
  name: r.name,
  languageCode: r.language,
  category: r.category,
  generalDifficulty: r.level,
  totalWords: r.total_words,
  authorDisplayName: r.author_display_name,
  creationDate: new Date(r.created_at).getTime(),
});

export class LibraryService {
  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
  ) {}

  publish(article: PublishArticle) {
    return handleCommand({
      store: this.store,
      codec,
      decider: articleDecider,
      streamId: articleStream(article.articleId),
      command: article,
      commandId: article.articleId,
    });
  }

  async list(language: LearningLanguage): Promise<ArticleSummary[]> {
    const rows: ArticleRow[] = await this.db('library_articles')
      .where({ language })
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'name' }])
      .select('id', 'language', 'name', 'category', 'level', 'total_words', 'author_display_name', 'created_at');
    return rows.map(toSummary);
  }

  async get(id: string): Promise<Article | undefined> {
    const row: ArticleRow | undefined = await this.db('library_articles').where({ id }).first();
    return row ? { ...toSummary(row), content: row.content! } : undefined;
  }
}
