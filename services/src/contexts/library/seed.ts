import { DEMO_ARTICLES } from './demo-articles';
import { PUBLIC_TEXT_ARTICLE } from './events';
import type { LibraryService } from './service';

/** Publishes the demo articles written for Verba (idempotent: each has a fixed id). */
export async function seedDemoArticles(service: LibraryService, now = new Date()): Promise<string[]> {
  for (const [i, a] of DEMO_ARTICLES.entries()) {
    await service.publish({
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
  return [`Demo library: ${DEMO_ARTICLES.length} articles in German, French, Spanish and Russian.`];
}
