import { describe, expect, it } from 'vitest';
import { COMMAND_ID_REUSED, LIBRARY_MESSAGES as M } from '@verba/contracts';
import { EventCodec } from '../../../platform/decider/events';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { deciderSpec } from '../../../../test-support/platform/decider-spec';
import { articleDecider, type Actor, type ArticleDraft } from './article-decider';
import { ArticlePublished, PUBLIC_TEXT_ARTICLE, type ArticleEvent } from '../events';
import { flagDecider, ratingDecider, readDecider } from './reader-decider';
import { seriesDecider } from './series-decider';

const at = '2026-11-22T10:00:00.000Z';
const articleId = '0b7f6c1e-8d7a-4c3b-9a2e-5f1d3c4b6a7e';
const author: Actor = { userId: '5e0c8f0a-3b1d-4e2f-8a6c-7d9e0f1a2b3c', isAdmin: false, subscription: 'master' };
const freeAuthor: Actor = { ...author, subscription: 'free' };
const stranger: Actor = { userId: '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409', isAdmin: false, subscription: 'master' };
const admin: Actor = { userId: '7a1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409', isAdmin: true, subscription: 'free' };
const draft = (over: Partial<ArticleDraft> = {}): ArticleDraft => ({
  languageCode: 'de',
  name: 'Titel',
  category: 'Other',
  level: 'A1',
  content: 'Text',
  contentFormat: 'text',
  translation: '',
  previewImgSrc: null,
  authorDisplayName: 'Eve',
  isPrivate: true,
  isPremiumOnly: false,
  seriesId: null,
  ...over,
});
const published = (over: Partial<ArticleDraft> = {}, needApprove = false, by: Actor = author): ArticleEvent => ({
  type: 'library.ArticlePublished',
  data: { articleId, ...draft(over), authorId: by.userId, needApprove, at },
});
const ok = { ok: true } as const;

describe('article decider', () => {
  const spec = deciderSpec(articleDecider);

  it('creates a private article without moderation', () =>
    spec
      .given([])
      .when({ kind: 'create', actor: freeAuthor, articleId, draft: draft(), at })
      .then([published({}, false, freeAuthor)]));
  it('sends a Master user’s public article to approval', () =>
    spec
      .given([])
      .when({ kind: 'create', actor: author, articleId, draft: draft({ isPrivate: false }), verdict: ok, at })
      .then([published({ isPrivate: false }, true)]));
  it('publishes an admin’s public article at once', () =>
    spec
      .given([])
      .when({ kind: 'create', actor: admin, articleId, draft: draft({ isPrivate: false }), at })
      .then([published({ isPrivate: false }, false, admin)]));
  it("takes a create of an existing article as its author's retry, and as a reused command id from anyone else", () => {
    spec.given([published()]).when({ kind: 'create', actor: author, articleId, draft: draft(), at }).then([]);
    spec.given([published()]).when({ kind: 'create', actor: stranger, articleId, draft: draft(), at }).thenThrows(COMMAND_ID_REUSED);
  });
  it('refuses public articles of free users', () =>
    spec
      .given([])
      .when({ kind: 'create', actor: freeAuthor, articleId, draft: draft({ isPrivate: false }), verdict: ok, at })
      .thenThrows(M.publicNeedsMaster));
  it('refuses what moderation declined, with its reason', () =>
    spec
      .given([])
      .when({
        kind: 'create',
        actor: author,
        articleId,
        draft: draft({ isPrivate: false }),
        verdict: { declined: true, reason: 'No.' },
        at,
      })
      .thenThrows('No.'));
  it('ignores a retried create', () =>
    spec.given([published()]).when({ kind: 'create', actor: author, articleId, draft: draft(), at }).then([]));

  it('hides a private article from others (not found) and a public one from their edits (forbidden)', () => {
    spec.given([published()]).when({ kind: 'update', actor: stranger, articleId, draft: draft(), at }).thenThrows(M.articleNotFound);
    spec
      .given([published({ isPrivate: false })])
      .when({ kind: 'update', actor: stranger, articleId, draft: draft(), at })
      .thenThrows(M.notAuthor);
  });
  it('keeps the premium flag an admin gave when the author edits', () =>
    spec
      .given([published(), { type: 'library.ArticleMadePublicPremium', data: { articleId, at } }])
      .when({ kind: 'update', actor: author, articleId, draft: draft({ isPrivate: false }), verdict: ok, at })
      .then([
        { type: 'library.ArticleUpdated', data: { articleId, ...draft({ isPrivate: false, isPremiumOnly: true }), needApprove: true, at } },
      ]));

  it('approves only what waits for approval', () => {
    spec
      .given([published({ isPrivate: false }, true)])
      .when({ kind: 'approve', articleId, at })
      .then([{ type: 'library.ArticleApproved', data: { articleId, at } }]);
    spec
      .given([published({ isPrivate: false })])
      .when({ kind: 'approve', articleId, at })
      .thenThrows(M.notPending);
  });
  it('declines flagged private articles', () =>
    spec
      .given([published(), { type: 'library.ArticleFlaggedForApproval', data: { articleId, at } }])
      .when({ kind: 'decline', articleId, reason: 'Nein', at })
      .thenState({
        exists: true,
        deleted: false,
        authorId: author.userId,
        isPrivate: true,
        needApprove: false,
        flagged: false,
        isPremiumOnly: false,
      }));
  it('deletes only private articles, once', () => {
    spec
      .given([published({ isPrivate: false })])
      .when({ kind: 'delete', actor: author, articleId, at })
      .thenThrows(M.onlyPrivateDelete);
    spec
      .given([published(), { type: 'library.ArticleDeleted', data: { articleId, at } }])
      .when({ kind: 'delete', actor: author, articleId, at })
      .thenThrows(M.articleNotFound);
  });
});

describe('reader and series deciders', () => {
  const userId = author.userId;
  it('keeps one rating per user: the same rating again appends nothing', () => {
    const rated = { type: 'library.ArticleRated', data: { userId, articleId, rating: 4, at } } as const;
    deciderSpec(ratingDecider).given([rated]).when(rated.data).then([]);
    deciderSpec(ratingDecider)
      .given([rated])
      .when({ ...rated.data, rating: 5 })
      .then([{ ...rated, data: { ...rated.data, rating: 5 } }]);
  });
  it('counts a read once per day stream', () => {
    const read = { type: 'library.ArticleRead', data: { userId, articleId, language: 'de', day: '2026-11-22', at } } as const;
    deciderSpec(readDecider).given([read]).when(read.data).then([]);
  });
  it('keeps one flag for review per reader and article: the same reason again appends nothing, a new one replaces it', () => {
    const flag = { userId, articleId, reason: 'Wrong level', at } as const;
    deciderSpec(flagDecider)
      .given([])
      .when(flag)
      .then([{ type: 'library.ArticleFlaggedForReview', data: flag }]);
    deciderSpec(flagDecider)
      .given([{ type: 'library.ArticleFlaggedForReview', data: flag }])
      .when({ ...flag, at: '2026-11-23T10:00:00.000Z' })
      .then([]);
    deciderSpec(flagDecider)
      .given([{ type: 'library.ArticleFlaggedForReview', data: flag }])
      .when({ ...flag, reason: 'Offensive' })
      .then([{ type: 'library.ArticleFlaggedForReview', data: { ...flag, reason: 'Offensive' } }]);
  });
  it('lets only the author change a series', () => {
    const created = {
      type: 'library.SeriesCreated',
      data: {
        seriesId: articleId,
        languageCode: 'de',
        authorId: userId,
        title: 'S',
        description: '',
        previewImgSrc: null,
        authorDisplayName: 'Eve',
        isPrivate: false,
        at,
      },
    } as const;
    deciderSpec(seriesDecider)
      .given([created])
      .when({ kind: 'delete', actor: stranger, seriesId: articleId, at })
      .thenThrows(M.notSeriesAuthor);
    deciderSpec(seriesDecider)
      .given([created])
      .when({ kind: 'delete', actor: author, seriesId: articleId, at })
      .then([{ type: 'library.SeriesDeleted', data: { seriesId: articleId, at } }]);
  });
});

describe('ArticlePublished v1 (demo articles stored before v2)', () => {
  it('is upcast on read to a public, approved plain-text article by Verba', () => {
    const v1 = {
      articleId,
      languageCode: 'de',
      name: 'Alt',
      category: 'Travel',
      level: 'A1',
      content: 'Text',
      authorDisplayName: 'Verba',
      at,
    };
    const recorded = { type: ArticlePublished.type, version: 1, data: v1 } as unknown as RecordedEvent;
    const upcast = new EventCodec([ArticlePublished]).decode(recorded).data;
    expect(upcast).toEqual({ ...v1, ...PUBLIC_TEXT_ARTICLE, authorId: null, needApprove: false });
    expect(upcast).toMatchObject({ isPrivate: false, isPremiumOnly: false, contentFormat: 'text' });
  });
});
