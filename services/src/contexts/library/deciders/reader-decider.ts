import type { Decider } from '../../../platform/decider/decider';
import type { ReaderEvent } from '../events';

type DataOf<T extends ReaderEvent['type']> = Extract<ReaderEvent, { type: T }>['data'];

/**
 * A reader's own record about one article (rating, bookmark, progress, a day's read): the command is the
 * event's data; repeating the current value appends nothing, so retries and double clicks are free.
 */
function latestValue<D>(type: ReaderEvent['type'], same: (a: D, b: D) => boolean): Decider<D, { last?: D }, ReaderEvent> {
  return {
    initialState: () => ({}),
    decide: (c, s) => (s.last && same(s.last, c) ? [] : [{ type, data: c } as ReaderEvent]),
    evolve: (_s, e) => ({ last: e.data as D }),
  };
}

export const ratingDecider = latestValue<DataOf<'library.ArticleRated'>>('library.ArticleRated', (a, b) => a.rating === b.rating);
export const bookmarkDecider = latestValue<DataOf<'library.BookmarkSet'>>(
  'library.BookmarkSet',
  (a, b) => a.pageNumber === b.pageNumber && a.totalPages === b.totalPages,
);
export const progressDecider = latestValue<DataOf<'library.ReadingProgressRecorded'>>(
  'library.ReadingProgressRecorded',
  (a, b) => a.progress === b.progress,
);
/** The read stream is per day: the first open of the day counts, the others do not. */
export const readDecider = latestValue<DataOf<'library.ArticleRead'>>('library.ArticleRead', () => true);
/** A reader's flag for review: the same (sealed, deterministic) reason again appends nothing. */
export const flagDecider = latestValue<DataOf<'library.ArticleFlaggedForReview'>>(
  'library.ArticleFlaggedForReview',
  (a, b) => a.reason === b.reason,
);
