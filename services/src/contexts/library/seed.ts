import path from 'node:path';
import { z } from 'zod';
import { ArticleCategorySchema, LearningLanguageSchema, LevelSchema } from '@verba/contracts';
import { DEMO_DATA_DIR, parseMarkdown, readDataFiles } from '../../platform/data-files';
import { PUBLIC_TEXT_ARTICLE } from './events';
import type { ArticleCommands } from './commands/articles';
import type { SeriesCommands } from './commands/series';

/**
 * A demo article's front matter; the Markdown body is its plain text, paragraphs split by a blank line.
 * `isPremiumOnly: true` (the spec's article field) makes it a Master-only article.
 */
const DemoArticleSchema = z.object({
  id: z.uuid(),
  languageCode: LearningLanguageSchema,
  level: LevelSchema,
  category: ArticleCategorySchema,
  name: z.string().min(1),
  content: z.string().min(1),
  isPremiumOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** A demo series (services/data/demo/series/*.json): its articles' ids in reading order. */
const DemoSeriesSchema = z.object({
  id: z.uuid(),
  languageCode: LearningLanguageSchema,
  title: z.string().min(1),
  description: z.string(),
  articles: z.array(z.uuid()).min(1),
});
export type DemoSeries = z.infer<typeof DemoSeriesSchema>;
export type DemoArticle = z.infer<typeof DemoArticleSchema> & { seriesId: string | null };

export interface DemoLibrary {
  articles: readonly DemoArticle[];
  series: readonly DemoSeries[];
}

const folder = (name: string) => path.join(DEMO_DATA_DIR, name);

function readArticles() {
  return readDataFiles(folder('articles'), '.md').map(({ name, text }) => {
    const { attributes, body } = parseMarkdown(text, name);
    const article = DemoArticleSchema.safeParse({ ...attributes, content: body });
    if (!article.success) throw new Error(`${name}: not a demo article: ${article.error.message}`);
    return article.data;
  });
}

function readSeries(): DemoSeries[] {
  return readDataFiles(folder('series'), '.json').map(({ name, text }) => {
    const series = DemoSeriesSchema.safeParse(JSON.parse(text));
    if (!series.success) throw new Error(`${name}: not a demo series: ${series.error.message}`);
    return series.data;
  });
}

/** Each series' articles must exist, be in its language and belong to no other series. */
function joined(articles: ReturnType<typeof readArticles>, series: DemoSeries[]): DemoArticle[] {
  const seriesOf = new Map<string, DemoSeries>();
  for (const s of series) {
    for (const id of s.articles) {
      const article = articles.find((a) => a.id === id);
      if (!article) throw new Error(`series "${s.title}": no demo article ${id}`);
      if (article.languageCode !== s.languageCode) throw new Error(`series "${s.title}": "${article.name}" is not in its language`);
      if (seriesOf.has(id)) throw new Error(`series "${s.title}": "${article.name}" is already in "${seriesOf.get(id)!.title}"`);
      seriesOf.set(id, s);
    }
  }
  return articles.map((a) => ({ ...a, seriesId: seriesOf.get(a.id)?.id ?? null }));
}

let demoLibraryRead: DemoLibrary | undefined;

/** The demo library written for Verba: articles (services/data/demo/articles/*.md, in file name order) and series. */
export function demoLibrary(): DemoLibrary {
  if (!demoLibraryRead) {
    const series = readSeries();
    demoLibraryRead = { articles: joined(readArticles(), series), series };
  }
  return demoLibraryRead;
}

export const demoArticles = () => demoLibrary().articles;

const HOUR_MS = 3_600_000;

/**
 * When each article was published: an hour apart in file order (so "newest first" is stable), except that
 * a series comes out at once, at its first part's time: the library orders articles of the same time by
 * title, so the numbered parts read 1, 2, 3 whether it sorts newest or oldest first.
 */
function publicationTimes({ articles, series }: DemoLibrary, now: Date): Map<string, number> {
  const times = new Map(articles.map((a, i) => [a.id, now.getTime() - i * HOUR_MS]));
  for (const s of series) {
    const first = times.get(s.articles[0]!)!;
    for (const id of s.articles) times.set(id, first);
  }
  return times;
}

/** Publishes the demo series and articles written for Verba (idempotent: each has a fixed id). */
export async function seedDemoLibrary(
  articleCommands: ArticleCommands,
  seriesCommands: SeriesCommands,
  now = new Date(),
): Promise<string[]> {
  const library = demoLibrary();
  const times = publicationTimes(library, now);
  for (const s of library.series) {
    // Created just before its parts.
    const at = new Date(times.get(s.articles[0]!)! - 60_000).toISOString();
    await seriesCommands.publish({ seriesId: s.id, languageCode: s.languageCode, title: s.title, description: s.description, at });
  }
  // All at once: the event store commits concurrent appends together (a few transactions instead of one
  // per article), which is most of the first start's seeding time on the embedded database.
  await Promise.all(
    library.articles.map((a) =>
      articleCommands.publish({
        articleId: a.id,
        languageCode: a.languageCode,
        name: a.name,
        category: a.category,
        level: a.level,
        content: a.content,
        ...PUBLIC_TEXT_ARTICLE,
        isPremiumOnly: a.isPremiumOnly,
        seriesId: a.seriesId,
        authorDisplayName: 'Verba',
        at: new Date(times.get(a.id)!).toISOString(),
      }),
    ),
  );
  const premium = library.articles.filter((a) => a.isPremiumOnly).length;
  return [
    `Demo library: ${library.articles.length} articles (${premium} for Master only) and ${library.series.length} series in German, French, Spanish and Russian.`,
  ];
}
