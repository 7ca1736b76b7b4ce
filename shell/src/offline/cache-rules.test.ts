import { describe, expect, it } from 'vitest';
import * as http from '@verba/contracts/http';
import type { RouteDef } from '@verba/contracts/http';
import {
  apiCacheName,
  apiCachesToDrop,
  cacheKey,
  FRAGMENTS_CACHE,
  articleTitle,
  dropArticle,
  isKeepable,
  keepRead,
  keptTexts,
  KEPT_ARTICLES,
  KEPT_READS,
  META_CACHE,
  offlineRead,
  outdatedCaches,
  parseIndex,
  pinArticle,
  type KeptIndex,
} from './cache-rules';

const ARTICLE = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const read = (method: string, path: string) => offlineRead(method, new URL(path, 'https://verba.test'));

describe('which requests the worker keeps', () => {
  it('keeps the reader’s GET reads of an article, without the position they wait for', () => {
    expect(read('GET', `/api/articles/${ARTICLE}?minPosition=12.3`)).toEqual({
      kind: 'article',
      articleId: ARTICLE,
      key: `/api/articles/${ARTICLE}`,
    });
    expect(read('GET', `/api/articles/bookmark?articleId=${ARTICLE}&minPosition=4`)).toEqual({
      kind: 'of-article',
      articleId: ARTICLE,
      key: `/api/articles/bookmark?articleId=${ARTICLE}`,
    });
    expect(read('GET', `/api/audio/article/${ARTICLE}`)).toMatchObject({ kind: 'of-article', articleId: ARTICLE });
    expect(read('GET', `/api/flashcards/created?languageCode=de&articleId=${ARTICLE}`)).toMatchObject({
      kind: 'of-article',
      articleId: ARTICLE,
    });
    expect(read('GET', '/api/translation/meanings?word=Haus&languageCode=de&minPosition=9')).toEqual({
      kind: 'of-reading',
      key: '/api/translation/meanings?languageCode=de&word=Haus',
    });
    expect(read('GET', '/api/dictionary?languageCode=de&minPosition=3')).toEqual({
      kind: 'learner',
      key: '/api/dictionary?languageCode=de',
    });
    expect(read('GET', '/api/user')).toEqual({ kind: 'learner', key: '/api/user' });
    expect(read('GET', '/api/user/profile?minPosition=5')).toEqual({ kind: 'learner', key: '/api/user/profile' });
  });

  it('never keeps a write, even of a route whose GET it keeps', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(read(method, `/api/articles/${ARTICLE}`)).toBeNull();
      expect(read(method, '/api/dictionary?languageCode=de')).toBeNull();
      expect(read(method, '/api/articles/bookmark')).toBeNull();
      expect(read(method, '/api/translation/meanings')).toBeNull();
    }
  });

  it('never keeps an admin route, nor reads the reader does not make', () => {
    expect(read('GET', `/api/admin/audio/article/${ARTICLE}`)).toBeNull();
    expect(read('GET', '/api/admin/library/pending')).toBeNull();
    expect(read('GET', '/api/admin')).toBeNull();
    expect(read('GET', '/api/articles/last-articles')).toBeNull();
    expect(read('GET', '/api/articles/user-articles')).toBeNull();
    expect(read('GET', '/api/articles/create')).toBeNull();
    expect(read('GET', '/api/flashcards')).toBeNull();
    expect(read('GET', '/api/articles/bookmark')).toBeNull(); // no article named
    expect(read('GET', '/registry.json')).toBeNull();
    expect(read('GET', `/api/audio/chapter/${ARTICLE}`)).toBeNull();
  });

  it('names each kept read by its contract route: a GET of the signed-in user, never an admin route', () => {
    const routes = (Object.values(http) as unknown[]).filter(
      (r): r is RouteDef => typeof r === 'object' && r !== null && 'path' in r && 'method' in r,
    );
    for (const kept of KEPT_READS) {
      const route = routes.find((r) => r.path === kept.path && r.method === 'GET');
      expect(route, kept.path).toBeDefined();
      expect(route!.access, kept.path).toBe('user');
    }
  });

  it('keeps only whole successful answers of its own origin, never an error', () => {
    expect(isKeepable({ status: 200, type: 'basic' })).toBe(true);
    for (const status of [201, 204, 206, 301, 304, 401, 403, 404, 409, 429, 500, 502, 503]) {
      expect(isKeepable({ status, type: 'basic' })).toBe(false);
    }
    expect(isKeepable({ status: 200, type: 'opaque' })).toBe(false);
    expect(isKeepable({ status: 200, type: 'cors' })).toBe(false);
  });

  it('asks the same read at any position under one key', () => {
    const url = (q: string) => new URL(`https://verba.test/api/translation/meanings?${q}`);
    expect(cacheKey(url('word=a&languageCode=de&minPosition=1'))).toBe(cacheKey(url('languageCode=de&word=a')));
    expect(cacheKey(new URL('https://verba.test/api/user?minPosition=2'))).toBe('/api/user');
  });
});

describe('one cache a learner', () => {
  it('names each learner’s cache apart, and never after another learner', () => {
    expect(apiCacheName('u1')).not.toBe(apiCacheName('u2'));
    expect(apiCacheName('a/b')).toBe(`verba-api-v1-${encodeURIComponent('a/b')}`);
  });

  it('drops every other learner’s cache when one signs in, and every one at sign-out', () => {
    const names = [apiCacheName('u1'), apiCacheName('u2'), FRAGMENTS_CACHE, META_CACHE, 'workbox-precache-v2-https://verba.test/'];
    expect(apiCachesToDrop(names, 'u2')).toEqual([apiCacheName('u1')]);
    expect(apiCachesToDrop(names, null)).toEqual([apiCacheName('u1'), apiCacheName('u2')]);
  });

  it('deletes the caches of older versions on activate, and only those', () => {
    const current = [apiCacheName('u1'), FRAGMENTS_CACHE, META_CACHE, 'workbox-precache-v2-https://verba.test/', 'someone-else'];
    expect(outdatedCaches([...current, 'verba-fragments-v0', 'verba-api-v0-u1'])).toEqual(['verba-fragments-v0', 'verba-api-v0-u1']);
  });
});

describe('the 50 articles last opened', () => {
  const open = (index: KeptIndex, id: string, key = `/api/articles/${id}`) => keepRead(index, id, key);

  it('keeps the article read and its related reads together, and drops them together past the limit', () => {
    let index: KeptIndex = [];
    index = open(index, 'a0').index;
    index = keepRead(index, 'a0', '/api/articles/bookmark?articleId=a0').index;
    index = keepRead(index, undefined, '/api/translation/meanings?languageCode=de&word=Haus').index; // a word looked up in a0
    for (let i = 1; i < KEPT_ARTICLES; i++) index = open(index, `a${i}`).index;
    expect(index).toHaveLength(KEPT_ARTICLES);
    const next = open(index, 'a50');
    expect(next.index).toHaveLength(KEPT_ARTICLES);
    expect(next.index.map((a) => a.id)).not.toContain('a0');
    expect(next.drop).toEqual([
      '/api/articles/a0',
      '/api/articles/bookmark?articleId=a0',
      '/api/translation/meanings?languageCode=de&word=Haus',
    ]);
  });

  it('counts an article read again as opened last, so it stays', () => {
    let index: KeptIndex = [];
    for (let i = 0; i < KEPT_ARTICLES; i++) index = open(index, `a${i}`).index;
    index = open(index, 'a0').index; // read again (online or from the cache)
    const next = open(index, 'new');
    expect(next.index[0]!.id).toBe('new');
    expect(next.index.map((a) => a.id)).toContain('a0');
    expect(next.drop).toEqual(['/api/articles/a1']);
  });

  it('keeps a read two articles share until neither is kept', () => {
    const shared = '/api/translation/meanings?languageCode=de&word=und';
    let index: KeptIndex = [];
    index = open(index, 'old').index;
    index = keepRead(index, undefined, shared).index;
    index = open(index, 'recent').index;
    index = keepRead(index, undefined, shared).index;
    const next = keepRead(index, 'third', '/api/articles/third', 2);
    expect(next.index.map((a) => a.id)).toEqual(['third', 'recent']);
    expect(next.drop).toEqual(['/api/articles/old']);
  });

  it('keeps no meaning before any article was opened', () => {
    expect(keepRead([], undefined, '/api/translation/meanings?languageCode=de&word=Haus')).toEqual({ index: [], drop: [], kept: false });
  });

  it('reads a malformed index as empty', () => {
    expect(parseIndex(null)).toEqual([]);
    expect(parseIndex({ id: 'a' })).toEqual([]);
    expect(parseIndex([{ id: 'a', keys: ['/k'] }, { id: 3 }, { id: 'b', keys: [1] }])).toEqual([{ id: 'a', keys: ['/k'] }]);
  });
});

describe('the texts the learner keeps offline', () => {
  const at = (minute: number) => `2026-12-06T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const open = (index: KeptIndex, id: string, minute: number, limit = 2) =>
    keepRead(index, id, `/api/articles/${id}`, limit, { title: `Text ${id}`, at: at(minute) });

  it('lists each with its title and when it was opened last, most recent first', () => {
    let index: KeptIndex = open([], 'a', 1).index;
    index = open(index, 'b', 2).index;
    index = keepRead(index, 'a', '/api/articles/bookmark?articleId=a').index; // a read of it: not an opening
    index = open(index, 'b', 3).index;
    expect(keptTexts(index)).toEqual([
      { id: 'b', title: 'Text b', openedAt: at(3), pinned: false },
      { id: 'a', title: 'Text a', openedAt: at(1), pinned: false },
    ]);
    // Read from the cache (no answer to take the title from): the title stays.
    index = keepRead(index, 'a', '/api/articles/a', 2, { at: at(4) }).index;
    expect(keptTexts(index)[0]).toEqual({ id: 'a', title: 'Text a', openedAt: at(4), pinned: false });
  });

  it('never drops a pinned text for the limit: the limit counts the others', () => {
    let index: KeptIndex = open([], 'pinned', 1).index;
    index = pinArticle(index, 'pinned', true);
    index = open(index, 'b', 2).index;
    index = open(index, 'c', 3).index;
    const next = open(index, 'd', 4);
    expect(next.index.map((a) => a.id)).toEqual(['d', 'c', 'pinned']);
    expect(next.drop).toEqual(['/api/articles/b']);
    // Unpinned, it goes like any other when the next text is opened.
    const after = open(pinArticle(next.index, 'pinned', false), 'e', 5);
    expect(after.index.map((a) => a.id)).toEqual(['e', 'd']);
    expect(after.drop).toContain('/api/articles/pinned');
  });

  it('removes a text with the reads no other kept text uses', () => {
    let index: KeptIndex = open([], 'a', 1).index;
    index = keepRead(index, undefined, '/shared').index;
    index = open(index, 'b', 2).index;
    index = keepRead(index, undefined, '/shared').index;
    index = keepRead(index, undefined, '/only-b').index;
    const removed = dropArticle(index, 'b');
    expect(removed.index.map((a) => a.id)).toEqual(['a']);
    expect(removed.drop.sort()).toEqual(['/api/articles/b', '/only-b']);
  });

  it('takes the title from the article’s answer, and reads back only well-formed fields', () => {
    expect(articleTitle({ name: ' Der Hund ' })).toBe('Der Hund');
    expect(articleTitle({ name: '' })).toBeUndefined();
    expect(articleTitle(null)).toBeUndefined();
    expect(parseIndex([{ id: 'a', keys: [], title: { html: '<b>' }, openedAt: 5, pinned: 'yes' }])).toEqual([{ id: 'a', keys: [] }]);
    expect(keptTexts([{ id: 'a', keys: [] }])).toEqual([{ id: 'a', title: 'Untitled text', openedAt: null, pinned: false }]);
  });
});
