import { libraryRoutes as r } from '@verba/contracts';
import { HttpError } from '../../platform/http/problem';
import { registerRoute, type Authenticator } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { LibraryService } from './service';

type ReadAfter = (minPosition: string | undefined) => Promise<void>;

export function libraryRoutes(app: App, auth: Authenticator, service: LibraryService, readAfter: ReadAfter): void {
  registerRoute(app, auth, r.listArticles, async ({ query }) => {
    await readAfter(query.minPosition);
    return { articles: await service.list(query.languageCode) };
  });

  registerRoute(app, auth, r.getArticle, async ({ params }) => {
    const article = await service.get(params.id);
    if (!article) throw new HttpError(404, 'Article not found');
    return article;
  });
}
