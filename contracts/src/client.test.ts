import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR, buildPath, buildQuery, createClient, errorMessage } from './client';
import { getArticle, listArticles } from './http/library';
import { patchWord } from './http/vocabulary';

const ARTICLE_ID = '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';

function fakeFetch(status: number, body: unknown, contentType = 'application/json') {
  return vi.fn<typeof fetch>(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': contentType } }),
  );
}

describe('typed API client', () => {
  it('builds the URL from the route, encodes parameters and skips empty query values', () => {
    expect(buildPath('/api/articles/:id', { id: 'a b/c' })).toBe('/api/articles/a%20b%2Fc');
    expect(() => buildPath('/api/articles/:id', {})).toThrow('Missing path parameter "id"');
    expect(buildQuery({ languageCode: 'de', minPosition: undefined, tags: ['a', 'b'] })).toBe('?languageCode=de&tags=a&tags=b');
    expect(buildQuery({})).toBe('');
  });

  it('calls a route and parses the response with its schema', async () => {
    const article = {
      id: ARTICLE_ID,
      name: 'Der Hund',
      languageCode: 'de',
      category: 'Children',
      generalDifficulty: 'A1',
      totalWords: 2,
      authorDisplayName: 'Verba',
      creationDate: 1,
      content: 'Der Hund.',
      averageRating: 0,
      ratings: 0,
      totalReads: 0,
      previewImgSrc: null,
      isPrivate: false,
      needApprove: false,
      isPremiumOnly: false,
      seriesId: null,
      seriesTitle: null,
      isAuthor: false,
      difficulty: 'Too Easy',
      difficultyEstimated: false,
      contentFormat: 'text',
      translation: '',
      declineReason: null,
      flagged: false,
    };
    const fetch = fakeFetch(200, article);
    const client = createClient({ fetch, baseUrl: 'http://api' });
    await expect(client.call(getArticle, { params: { id: ARTICLE_ID } })).resolves.toEqual(article);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`http://api/api/articles/${ARTICLE_ID}`);
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('rejects a response that breaks the contract', async () => {
    const client = createClient({ fetch: fakeFetch(200, { articles: [{ id: 'nope' }] }) });
    await expect(client.call(listArticles, { query: { languageCode: 'de' } })).rejects.toThrow();
  });

  it('sends JSON and the CSRF header on writes', async () => {
    const fetch = fakeFetch(200, { changed: 1, position: '1.2', word: { value: 'hund', status: 'known' } });
    const client = createClient({ fetch, csrfToken: () => 'csrf-123' });
    await client.call(patchWord, { body: { languageCode: 'de', word: { value: 'Hund', status: 'known' } } });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('PATCH');
    expect(init.headers).toMatchObject({ 'x-verba-csrf': 'csrf-123', 'content-type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({ languageCode: 'de', word: { value: 'Hund', status: 'known' } });
  });

  it('turns errors into ApiError with the server message, and reports a 401', async () => {
    const onUnauthorized = vi.fn();
    const expired = createClient({
      fetch: fakeFetch(401, { status: 401, detail: 'x', message: 'Your session has expired.' }),
      onUnauthorized,
    });
    const err = await expired.call(listArticles, { query: { languageCode: 'de' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Your session has expired.' });
    expect(onUnauthorized).toHaveBeenCalledOnce();

    const plain = createClient({ fetch: fakeFetch(500, 'Upstream down', 'text/plain') });
    await expect(plain.call(listArticles, { query: { languageCode: 'de' } })).rejects.toMatchObject({
      status: 500,
      message: 'Upstream down',
    });
  });

  it('keeps a 401 quiet where it is an expected answer, and names a network failure', async () => {
    const onUnauthorized = vi.fn();
    const signIn = createClient({ fetch: fakeFetch(401, { message: 'Incorrect email or password' }), onUnauthorized });
    await expect(signIn.call(listArticles, { query: { languageCode: 'de' }, expireOn401: false })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();

    const offline = createClient({
      fetch: vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(offline.call(listArticles, { query: { languageCode: 'de' } })).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR,
    });
  });

  it('reads server errors as a string or a message field, else the unknown-error text', () => {
    expect(errorMessage('Boom')).toBe('Boom');
    expect(errorMessage({ message: 'From message' })).toBe('From message');
    expect(errorMessage({ detail: 'From detail' })).toBe('From detail');
    expect(errorMessage({})).toBe('An unknown error occurred');
    expect(errorMessage(undefined)).toBe('An unknown error occurred');
  });
});
