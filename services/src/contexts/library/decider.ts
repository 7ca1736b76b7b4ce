import type { Decider } from '../../platform/decider/decider';
import type { LibraryEvent } from './events';

export type PublishArticle = Extract<LibraryEvent, { type: 'library.ArticlePublished' }>['data'];

/** Publishing is idempotent: an article already in the library is not published twice. */
export const articleDecider: Decider<PublishArticle, { published: boolean }, LibraryEvent> = {
  initialState: () => ({ published: false }),
  decide: (c, s) => (s.published ? [] : [{ type: 'library.ArticlePublished', data: c }]),
  evolve: () => ({ published: true }),
};
