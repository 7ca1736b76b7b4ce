import path from 'node:path';
import { z } from 'zod';
import { ArticleCategorySchema, LearningLanguageSchema, LevelSchema } from '@verba/contracts';
import { DEMO_DATA_DIR, parseMarkdown, readDataFiles } from '../../platform/data-files';
import { PUBLIC_TEXT_ARTICLE } from './events';
import type { ArticleCommands } from './commands/articles';

/** A demo article's front matter; the Markdown body is its plain text, paragraphs split by a blank line. */
const DemoArticleSchema = z.object({
  id: z.uuid(),
  languageCode: LearningLanguageSchema,
  level: LevelSchema,
  category: ArticleCategorySchema,
  name: z.string().min(1),
  content: z.string().min(1),
});
export type DemoArticle = z.infer<typeof DemoArticleSchema>;

let demoArticlesRead: readonly DemoArticle[] | undefined;

/** The demo articles written for Verba (services/data/demo/articles/*.md, in file name order). */
export function demoArticles(): readonly DemoArticle[] {
  demoArticlesRead ??= readDataFiles(path.join(DEMO_DATA_DIR, 'articles'), '.md').map(({ name, text }) => {
    const { attributes, body } = parseMarkdown(text, name);
    const article = DemoArticleSchema.safeParse({ ...attributes, content: body });
    if (!article.success) throw new Error(`${name}: not a demo article: ${article.error.message}`);
    return article.data;
  });
  return demoArticlesRead;
}

/** Publishes the demo articles written for Verba (idempotent: each has a fixed id). */
export async function seedDemoArticles(commands: ArticleCommands, now = new Date()): Promise<string[]> {
  const articles = demoArticles();
  for (const [i, a] of articles.entries()) {
    await commands.publish({
      articleId: a.id,
      languageCode: a.languageCode,
      name: a.name,
      category: a.category,
      level: a.level,
      content: a.content,
      ...PUBLIC_TEXT_ARTICLE,
      authorDisplayName: 'Verba',
      // Spread over the last days so "newest first" has a stable order.
      at: new Date(now.getTime() - i * 3_600_000).toISOString(),
    });
  }
  return [`Demo library: ${articles.length} articles in German, French, Spanish and Russian.`];
}
