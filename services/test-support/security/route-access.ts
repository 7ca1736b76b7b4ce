/**
 * The authorization matrix's one table: what every route of the contracts route table may do for whom.
 * Anonymous callers and learners on admin routes need no entry (the route's `access` says it); what needs
 * a declaration is how a route treats a *learner* and *another learner's* things:
 *   own      acts only on the caller's own data; takes no id of anything another learner owns
 *   shared   shared content (published library, courses, announcements) or a public form
 *   admin    admin-only route (learners get 403)
 *   probe    takes the id of something a learner owns: `call` is the request learner B makes with learner
 *            A's id, and `expect` what B must get (403/404, or 'no-leak': answered, but with none of A's
 *            things in it). A's thing must be unchanged afterwards.
 * A route missing from this table, or one that takes an owned id but is not probed, fails the test.
 */
export type Resource =
  'private-article' | 'private-series' | 'flashcard' | 'user' | 'billing-customer' | 'private-article-thread' | 'private-article-post';

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

export type Declaration =
  | { kind: 'own' | 'shared' | 'admin' }
  | { kind: 'probe'; resource: Resource; expect: readonly (403 | 404)[] | 'no-leak'; call: (id: string) => Call };

/** Names of inputs that carry the id of something a learner owns; routes with one must be probed. */
export const OWNED_ID_FIELDS = ['id', 'ids', 'uid', 'userId', 'articleId', 'articleIds', 'seriesId', 'threadId', 'postId'] as const;

const denied = [403, 404] as const;
const notFound = [404] as const;
const cmd = () => ({ commandId: crypto.randomUUID() });

type Expect = readonly (403 | 404)[] | 'no-leak';
const article = (expect: Expect, call: (id: string) => Call): Declaration => ({ kind: 'probe', resource: 'private-article', expect, call });
const series = (expect: Expect, call: (id: string) => Call): Declaration => ({ kind: 'probe', resource: 'private-series', expect, call });
const card = (expect: Expect, call: (id: string) => Call): Declaration => ({ kind: 'probe', resource: 'flashcard', expect, call });
const user = (expect: Expect, call: (id: string) => Call): Declaration => ({ kind: 'probe', resource: 'user', expect, call });
const customer = (expect: Expect, call: (id: string) => Call): Declaration => ({
  kind: 'probe',
  resource: 'billing-customer',
  expect,
  call,
});
/** A's discussion of A's private article (its thread, its first post): for B, no such thread or post. */
const thread = (expect: Expect, call: (id: string) => Call): Declaration => ({
  kind: 'probe',
  resource: 'private-article-thread',
  expect,
  call,
});
const post = (expect: Expect, call: (id: string) => Call): Declaration => ({
  kind: 'probe',
  resource: 'private-article-post',
  expect,
  call,
});

const draft = { languageCode: 'de', name: 'Übernommen', category: 'Travel', generalDifficulty: 'A2', content: 'Das ist nicht mein Text.' };

export const ROUTE_ACCESS: Record<string, Declaration> = {
  // accounts and profile: the caller's own
  'POST /api/sign-up': { kind: 'shared' },
  'POST /api/sign-in': { kind: 'shared' },
  'POST /api/sign-out': { kind: 'own' },
  'POST /api/verify-email': { kind: 'shared' },
  'POST /api/verify-email/resend': { kind: 'shared' },
  'POST /api/reset-password': { kind: 'shared' },
  'POST /api/new-password': { kind: 'shared' },
  'GET /api/dev/mailbox': { kind: 'shared' },
  'GET /api/user': { kind: 'own' },
  'PATCH /api/user': { kind: 'own' },
  'DELETE /api/user': { kind: 'own' },
  'GET /api/user/profile': { kind: 'own' },
  'GET /api/user/avatar': { kind: 'own' },
  'POST /api/user/avatar': { kind: 'own' },
  'POST /api/user/basic-info': { kind: 'own' },
  'POST /api/user/check-username': { kind: 'own' },
  'POST /api/user/change-language': { kind: 'own' },
  'POST /api/user/change-password': { kind: 'own' },
  'POST /api/user/onboarding': { kind: 'own' },
  'PATCH /api/user/settings': { kind: 'own' },
  'PATCH /api/user/time': { kind: 'own' },
  'POST /api/meta/meta-capi': { kind: 'own' },
  'GET /api/announcements': { kind: 'shared' },
  // A shared banner's id; what is written is the caller's own dismissal.
  'PUT /api/announcements/:announcementId/dismissal': { kind: 'own' },
  'POST /api/brevo/create-user': { kind: 'own' },
  'DELETE /api/brevo/delete-user': { kind: 'own' },
  'GET /api/brevo/get-user': { kind: 'own' },
  'PATCH /api/brevo/update-blacklist': { kind: 'own' },
  'PUT /api/brevo/update-user': { kind: 'own' },
  'POST /api/brevo/send-support-admin': { kind: 'shared' },
  'POST /api/brevo/send-support-user': { kind: 'shared' },

  // blog: public posts from the content service
  'GET /api/blog/posts': { kind: 'shared' },
  'GET /api/blog/posts/:slug': { kind: 'shared' },
  'GET /api/blog/tags': { kind: 'shared' },
  'GET /api/blog/feed.xml': { kind: 'shared' },
  'GET /api/blog/images/:name': { kind: 'shared' },
  // forum: shared threads, except that a discussion is there only for who may open its article or chapter now
  // (another learner's private article's thread answers as none); a learner's writes act on their own posts
  'GET /api/forum/categories': { kind: 'shared' },
  'GET /api/forum/threads': thread('no-leak', () => ({ method: 'GET', url: '/api/forum/threads?language=de' })),
  // A discussion hangs on an article its starter may open: another learner's private one does not exist for them.
  'GET /api/forum/discussions/:kind/:targetId': article(notFound, (id) => ({ method: 'GET', url: `/api/forum/discussions/article/${id}` })),
  'POST /api/forum/threads': article(notFound, (id) => ({
    method: 'POST',
    url: '/api/forum/threads',
    payload: { ...cmd(), language: 'de', title: 'Übernommen', body: 'Worum geht es?', attachedTo: { kind: 'article', targetId: id } },
  })),
  'GET /api/forum/threads/:threadId': thread(notFound, (id) => ({ method: 'GET', url: `/api/forum/threads/${id}` })),
  'POST /api/forum/threads/:threadId/posts': thread(notFound, (id) => ({
    method: 'POST',
    url: `/api/forum/threads/${id}/posts`,
    payload: { ...cmd(), body: 'Übernommen' },
  })),
  'PATCH /api/forum/posts/:postId': post(notFound, (id) => ({
    method: 'PATCH',
    url: `/api/forum/posts/${id}`,
    payload: { body: 'Übernommen' },
  })),
  'DELETE /api/forum/posts/:postId': post(notFound, (id) => ({ method: 'DELETE', url: `/api/forum/posts/${id}` })),
  'PUT /api/forum/posts/:postId/upvote': post(notFound, (id) => ({
    method: 'PUT',
    url: `/api/forum/posts/${id}/upvote`,
    payload: { upvoted: true },
  })),
  'POST /api/forum/posts/:postId/report': post(notFound, (id) => ({
    method: 'POST',
    url: `/api/forum/posts/${id}/report`,
    payload: { reason: 'spam' },
  })),
  'PUT /api/forum/threads/:threadId/subscription': thread(notFound, (id) => ({
    method: 'PUT',
    url: `/api/forum/threads/${id}/subscription`,
    payload: { subscribed: true },
  })),
  'POST /api/forum/threads/:threadId/read': thread(notFound, (id) => ({ method: 'POST', url: `/api/forum/threads/${id}/read` })),
  'GET /api/forum/subscriptions': thread('no-leak', () => ({ method: 'GET', url: '/api/forum/subscriptions' })),
  'GET /api/admin/forum/reports': { kind: 'admin' },
  'PUT /api/admin/forum/posts/:postId/hidden': { kind: 'admin' },
  'PUT /api/admin/forum/threads/:threadId/locked': { kind: 'admin' },
  // premium (Master): prices are public; the rest is the caller's own subscription
  'GET /api/premium/get-prices': { kind: 'shared' },
  'POST /api/premium/webhook': { kind: 'shared' },
  'POST /api/premium/checkout': { kind: 'own' },
  'GET /api/premium/customer-portal': { kind: 'own' },
  'GET /api/premium/subscription-data': customer([403], (id) => ({
    method: 'GET',
    url: `/api/premium/subscription-data?stripeCustomerId=${id}`,
  })),

  // dictionary
  'GET /api/dictionary': { kind: 'own' },
  'PATCH /api/dictionary': { kind: 'own' },
  'PATCH /api/dictionary/word': { kind: 'own' },
  'POST /api/dictionary/add-many': { kind: 'own' },
  // word families: the caller's own choices; an admin's correction is for everyone
  'GET /api/dictionary/families': { kind: 'own' },
  'POST /api/dictionary/families/split': { kind: 'own' },
  'PUT /api/dictionary/families/base': { kind: 'own' },
  'POST /api/dictionary/families/rejoin': { kind: 'own' },
  'GET /api/admin/word-families': { kind: 'admin' },
  'PUT /api/admin/word-families': { kind: 'admin' },
  'GET /api/dictionary/analytics': user('no-leak', (id) => ({
    method: 'GET',
    url: `/api/dictionary/analytics?languageCode=de&userId=${id}`,
  })),

  // library: articles
  'GET /api/articles': series('no-leak', (id) => ({ method: 'GET', url: `/api/articles?languageCode=fr&seriesId=${id}` })),
  'GET /api/articles/:id': article(notFound, (id) => ({ method: 'GET', url: `/api/articles/${id}` })),
  'GET /api/articles/learn-first': article(notFound, (id) => ({ method: 'GET', url: `/api/articles/learn-first?articleId=${id}` })),
  'GET /api/articles/create': { kind: 'own' },
  // Sentences for a card from the caller's own reading, only of texts they may still open (issue 39.1).
  'GET /api/articles/sentences': { kind: 'own' },
  'POST /api/articles/create': series(denied, (id) => ({
    method: 'POST',
    url: '/api/articles/create',
    payload: { ...draft, languageCode: 'fr', seriesId: id, ...cmd() },
  })),
  'POST /api/articles/update': article(denied, (id) => ({
    method: 'POST',
    url: '/api/articles/update',
    payload: { ...draft, articleId: id, ...cmd() },
  })),
  'DELETE /api/articles/private/delete': article(denied, (id) => ({
    method: 'DELETE',
    url: `/api/articles/private/delete?articleId=${id}`,
  })),
  'GET /api/articles/bookmark': article(notFound, (id) => ({ method: 'GET', url: `/api/articles/bookmark?articleId=${id}` })),
  'POST /api/articles/bookmark': article(notFound, (id) => ({
    method: 'POST',
    url: '/api/articles/bookmark',
    payload: { articleId: id, totalPages: 3, pageNumber: 2, ...cmd() },
  })),
  'GET /api/articles/rating': article(notFound, (id) => ({ method: 'GET', url: `/api/articles/rating?articleId=${id}` })),
  'POST /api/articles/rating': article(notFound, (id) => ({
    method: 'POST',
    url: '/api/articles/rating',
    payload: { articleId: id, rate: 1, ...cmd() },
  })),
  'PATCH /api/articles/totalReads': article(notFound, (id) => ({
    method: 'PATCH',
    url: '/api/articles/totalReads',
    payload: { articleId: id, language: 'de', ...cmd() },
  })),
  'POST /api/user/last-articles': article(notFound, (id) => ({
    method: 'POST',
    url: '/api/user/last-articles',
    payload: { articleId: id, language: 'de', ...cmd() },
  })),
  'GET /api/articles/last-articles': article('no-leak', (id) => ({
    method: 'GET',
    url: `/api/articles/last-articles?languageCode=de&ids=${id}`,
  })),
  'POST /api/articles/add-flagged': article(notFound, (id) => ({
    method: 'POST',
    url: '/api/articles/add-flagged',
    payload: { articleIds: [id], ...cmd() },
  })),
  'POST /api/articles/progress/add': article(notFound, (id) => ({
    method: 'POST',
    url: '/api/articles/progress/add',
    payload: { articleProgressItem: { articleId: id, progress: 50 }, language: 'de', ...cmd() },
  })),
  'GET /api/articles/progress': user('no-leak', (id) => ({ method: 'GET', url: `/api/articles/progress?languageCode=de&uid=${id}` })),
  'GET /api/articles/user-articles': { kind: 'own' },
  // bringing your own texts: always into the caller's own new private articles
  'POST /api/articles/import/text': { kind: 'own' },
  'POST /api/articles/import/url': { kind: 'own' },
  'POST /api/articles/import/file': { kind: 'own' },
  'GET /api/articles/import/progress': { kind: 'own' },

  // library: series
  'GET /api/series/get': { kind: 'shared' },
  'GET /api/series/user-series': { kind: 'own' },
  'GET /api/series/:id': series(notFound, (id) => ({ method: 'GET', url: `/api/series/${id}` })),
  'GET /api/series/details/:id': series(notFound, (id) => ({ method: 'GET', url: `/api/series/details/${id}` })),
  'POST /api/series/create': { kind: 'own' },
  'POST /api/series/update': series(denied, (id) => ({
    method: 'POST',
    url: '/api/series/update',
    payload: { seriesId: id, title: 'Übernommen', ...cmd() },
  })),
  'DELETE /api/series/delete': series(denied, (id) => ({ method: 'DELETE', url: `/api/series/delete?seriesId=${id}` })),

  // translation and speech
  'POST /api/translation': { kind: 'own' },
  'POST /api/translation-ai': { kind: 'own' },
  'POST /api/translation-ai/multi-words-translation-prompt/post': { kind: 'own' },
  'POST /api/translation-ai/check-public-article': { kind: 'own' },
  // a learner's own meanings of words: keyed by the caller, no id of anyone else's
  'POST /api/translation/meanings': { kind: 'own' },
  'GET /api/translation/meanings': { kind: 'own' },
  'POST /api/translationLimit': { kind: 'own' },
  'GET /api/translation-ai/prompts/get': { kind: 'shared' },
  'POST /api/tts': { kind: 'own' },

  // courses (shared content) and the caller's progress
  'GET /api/courses': { kind: 'shared' },
  'GET /api/courses/list': { kind: 'shared' },
  'GET /api/courses/visibility': { kind: 'shared' },
  'GET /api/courses/lessons': { kind: 'shared' },
  'GET /api/courses/chapter-order': { kind: 'shared' },
  'GET /api/courses/:chapterId': { kind: 'shared' },
  'GET /api/courses/:chapterId/exercises': { kind: 'shared' },
  'GET /api/images/:file': { kind: 'shared' },
  // chapter and article audio for the player (admins attach it; the bytes are content-addressed)
  // the audio of a private article is as private as the article
  'GET /api/audio/:targetKind/:targetId': article(notFound, (id) => ({ method: 'GET', url: `/api/audio/article/${id}` })),
  'GET /api/audio-files/:file': { kind: 'shared' },
  // a learner attaches audio to their own private article only: another learner's is not there for them
  'POST /api/audio/article/:articleId': article(notFound, (id) => ({ method: 'POST', url: `/api/audio/article/${id}` })),
  'POST /api/courses/exercises/check': { kind: 'shared' },
  'GET /api/courses/chapter-match-words': { kind: 'shared' },
  'PATCH /api/courses/chapter-match-words': { kind: 'own' },
  'GET /api/courses/progress': { kind: 'own' },
  'POST /api/courses/progress/add': { kind: 'own' },
  'POST /api/courses/progress/add-after-onboarding': { kind: 'own' },

  // flashcards and practice
  'GET /api/flashcards': { kind: 'own' },
  'POST /api/flashcards': { kind: 'own' },
  'PATCH /api/flashcards': card(notFound, (id) => ({
    method: 'PATCH',
    url: '/api/flashcards',
    payload: { reviews: [{ id, rating: 'easy' }], ...cmd() },
  })),
  'POST /api/flashcards/one': card('no-leak', (id) => ({
    method: 'POST',
    url: '/api/flashcards/one',
    payload: { languageCode: 'de', flashcard: { id, sourceValue: 'gestohlen', targetValue: 'stolen' }, ...cmd() },
  })),
  'PATCH /api/flashcards/one': card(notFound, (id) => ({
    method: 'PATCH',
    url: '/api/flashcards/one',
    payload: { id, sourceValue: 'gestohlen', targetValue: 'stolen', ...cmd() },
  })),
  'DELETE /api/flashcards/one': card(notFound, (id) => ({ method: 'DELETE', url: '/api/flashcards/one', payload: { id, ...cmd() } })),
  'POST /api/flashcards/undo-review': card(notFound, (id) => ({
    method: 'POST',
    url: '/api/flashcards/undo-review',
    payload: { id, reviewId: crypto.randomUUID(), ...cmd() },
  })),
  'PATCH /api/flashcards/status': card(notFound, (id) => ({
    method: 'PATCH',
    url: '/api/flashcards/status',
    payload: { id, status: 'known', ...cmd() },
  })),
  'GET /api/flashcards/info': { kind: 'own' },
  'GET /api/flashcards/due-words': { kind: 'own' },
  'GET /api/flashcards/export': { kind: 'own' },
  'GET /api/flashcards/scheduler': { kind: 'own' },
  'PUT /api/flashcards/scheduler': { kind: 'own' },
  'POST /api/flashcards/scheduler/fit': { kind: 'own' },
  'GET /api/flashcards/scheduler/forecast': { kind: 'own' },
  'GET /api/flashcards/analytics': { kind: 'own' },
  'GET /api/flashcards/flashcards-origin-status': { kind: 'own' },
  'GET /api/flashcards/created': article('no-leak', (id) => ({
    method: 'GET',
    url: `/api/flashcards/created?languageCode=de&articleId=${id}`,
  })),
  'GET /api/flashcards/chapter': { kind: 'own' },
  'POST /api/flashcards/chapter': { kind: 'own' },
  'GET /api/practice/flashcards': { kind: 'own' },
  'GET /api/practice/match-sentence': { kind: 'own' },
  'GET /api/practice/quick-quiz/list': { kind: 'own' },
  'GET /api/practice/quick-quiz/one': card(notFound, (id) => ({
    method: 'GET',
    url: `/api/practice/quick-quiz/one?languageCode=de&id=${id}`,
  })),
  'PATCH /api/practice/quick-quiz/one/update': card(notFound, (id) => ({
    method: 'PATCH',
    url: '/api/practice/quick-quiz/one/update',
    payload: { id, answerId: id, ...cmd() },
  })),

  // admin
  'GET /api/admin/users': { kind: 'admin' },
  'GET /api/admin/history/:entity/:id': { kind: 'admin' },
  'GET /api/admin/operations': { kind: 'admin' },
  'POST /api/admin/operations/rebuilds': { kind: 'admin' },
  'PATCH /api/admin/users/:userId/disabled': { kind: 'admin' },
  'PATCH /api/admin/users/:userId/role': { kind: 'admin' },
  'GET /api/admin/users/:userId': { kind: 'admin' },
  'PATCH /api/admin/users/:userId/subscription': { kind: 'admin' },
  'DELETE /api/admin/users/:userId': { kind: 'admin' },
  'GET /api/admin/brevo/calls': { kind: 'admin' },
  'GET /api/admin/announcements': { kind: 'admin' },
  'GET /api/admin/announcements/:id': { kind: 'admin' },
  'POST /api/admin/announcements': { kind: 'admin' },
  'PUT /api/admin/announcements/:id': { kind: 'admin' },
  'DELETE /api/admin/announcements/:id': { kind: 'admin' },
  'GET /api/admin/library/pending': { kind: 'admin' },
  'POST /api/admin/library/approve': { kind: 'admin' },
  'POST /api/admin/library/decline': { kind: 'admin' },
  'POST /api/admin/library/make-public-premium': { kind: 'admin' },
  'GET /api/admin/library/overview': { kind: 'admin' },
  'GET /api/admin/library/articles': { kind: 'admin' },
  'GET /api/admin/library/articles/:articleId': { kind: 'admin' },
  'POST /api/admin/library/articles': { kind: 'admin' },
  'PUT /api/admin/library/articles/:articleId': { kind: 'admin' },
  'DELETE /api/admin/library/articles/:articleId': { kind: 'admin' },
  'POST /api/admin/library/review': { kind: 'admin' },
  'GET /api/admin/library/flagged': { kind: 'admin' },
  'GET /api/admin/series': { kind: 'admin' },
  'GET /api/admin/series/:seriesId': { kind: 'admin' },
  'POST /api/admin/series': { kind: 'admin' },
  'PUT /api/admin/series/:seriesId': { kind: 'admin' },
  'DELETE /api/admin/series/:seriesId': { kind: 'admin' },
  'POST /api/admin/prompts/:kind/restore': { kind: 'admin' },
  'POST /api/admin/prompts/:kind/test': { kind: 'admin' },
  'POST /api/admin/courses/:courseId/lessons': { kind: 'admin' },
  'POST /api/admin/courses/lessons/:lessonId/chapters': { kind: 'admin' },
  'PATCH /api/admin/courses/chapters/:chapterId': { kind: 'admin' },
  'PATCH /api/admin/courses/chapters/:chapterId/flags': { kind: 'admin' },
  'PATCH /api/admin/courses/:courseId/visibility': { kind: 'admin' },
  // analytics (admin): pseudonymous figures of every learner
  'GET /api/admin/analytics/languages': { kind: 'admin' },
  'GET /api/admin/analytics/users': { kind: 'admin' },
  'GET /api/admin/analytics/history': { kind: 'admin' },
  'GET /api/admin/analytics/monthly-statistics': { kind: 'admin' },
  // analytics (learner): the caller's own dashboard figures
  'GET /api/analytics/progress': { kind: 'own' },
  // the caller's own words read and speed in a text: another learner's private article gives only zeros (issue 39.6)
  'GET /api/analytics/reading': article('no-leak', (id) => ({ method: 'GET', url: `/api/analytics/reading?articleId=${id}` })),
  'POST /api/articles/reading-time': article(notFound, (id) => ({
    method: 'POST',
    url: '/api/articles/reading-time',
    payload: { articleId: id, language: 'de', pageNumber: 1, seconds: 30, words: 100, ...cmd() },
  })),
  'GET /api/admin/courses': { kind: 'admin' },
  'POST /api/admin/images': { kind: 'admin' },
  'PATCH /api/migrations/addArticlesTotalRead': { kind: 'admin' },
  'GET /api/migrations/addArticlesTotalRead': { kind: 'admin' },
  'GET /api/admin/images': { kind: 'admin' },
  'DELETE /api/admin/images/:imageId': { kind: 'admin' },
  'GET /api/admin/audio/:targetKind/:targetId': { kind: 'admin' },
  'POST /api/admin/audio/:targetKind/:targetId': { kind: 'admin' },
  'POST /api/admin/audio/:targetKind/:targetId/generate': { kind: 'admin' },
  'DELETE /api/admin/audio/:targetKind/:targetId': { kind: 'admin' },
  'POST /api/admin/courses': { kind: 'admin' },
  'GET /api/admin/courses/:courseId': { kind: 'admin' },
  'PATCH /api/admin/courses/:courseId': { kind: 'admin' },
  'PUT /api/admin/courses/:courseId/lessons-order': { kind: 'admin' },
  'GET /api/admin/courses/chapters/:chapterId': { kind: 'admin' },
  'DELETE /api/admin/courses/chapters/:chapterId': { kind: 'admin' },
  'PATCH /api/admin/courses/lessons/:lessonId': { kind: 'admin' },
  'DELETE /api/admin/courses/lessons/:lessonId': { kind: 'admin' },
  'PUT /api/admin/courses/lessons/:lessonId/chapters-order': { kind: 'admin' },
  'POST /api/admin/courses/:courseId/starting-points': { kind: 'admin' },
  'GET /api/admin/courses/chapters/:chapterId/exercises': { kind: 'admin' },
  'PUT /api/admin/courses/chapters/:chapterId/missing-words': { kind: 'admin' },
  'PUT /api/admin/courses/chapters/:chapterId/ask-questions': { kind: 'admin' },
  'PUT /api/admin/courses/:courseId/starting-points/:startingPointId': { kind: 'admin' },
  'DELETE /api/admin/courses/:courseId/starting-points/:startingPointId': { kind: 'admin' },
  'GET /api/translation-ai/prompts/history': { kind: 'admin' },
  'POST /api/translation-ai/prompts/update': { kind: 'admin' },
};
