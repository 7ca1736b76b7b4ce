import { getRating } from '@verba/contracts/http';
import { article, json, mockApi, profile, type Handler } from './mock-api';

export const ARTICLE_ID = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
export const CARD_ID = '5f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';

type Body = Record<string, unknown>;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}')) as Body;

/**
 * The reader's every route, answered like the server would (a card made or a meaning saved is in the next
 * read, which the page makes at the write's position); `overrides` replace some.
 */
export function mockReader(content: string, overrides: Record<string, Handler> = {}) {
  const cards: Array<{ id: string; sourceValue: string; targetValue: string; status: 'uncertain' }> = [];
  const meanings = new Map<string, string>();
  return mockApi({
    [`GET /api/articles/${ARTICLE_ID}`]: () => json(article({ id: ARTICLE_ID, name: 'Der Hund', content })),
    'GET /api/dictionary': () => json({ languageCode: 'de', words: [{ value: 'katze', status: 'known' }] }),
    'PATCH /api/dictionary/word': () => json({ changed: 1, word: { value: 'hund', status: 'known' } }),
    'PATCH /api/dictionary': () => json({ changed: 1 }),
    'GET /api/articles/bookmark': () => json({ bookmark: null }),
    'POST /api/articles/bookmark': () => json({}),
    'POST /api/articles/progress/add': () => json({}),
    'PATCH /api/articles/totalReads': () => json({}),
    'GET /api/articles/rating': () => json(ratingOf({ articleId: ARTICLE_ID, rating: null, averageRating: 0, ratings: 0 })),
    'GET /api/flashcards/created': () => json({ articleId: ARTICLE_ID, flashcards: cards }),
    'GET /api/flashcards/due-words': () => json({ languageCode: 'de', endOfDayStamp: Date.now(), words: [], truncated: false }),
    'GET /api/user/profile': () => json(profile()),
    'POST /api/translation-ai': () => json({ success: true, data: 'dog', duration_s: 0.1 }),
    'POST /api/translation-ai/multi-words-translation-prompt/post': () => json({ success: true, data: 'the dog runs', duration_s: 0.1 }),
    'POST /api/translation': () => json({ success: true, data: 'The dog runs.', duration_s: 0.1 }),
    'POST /api/flashcards/one': (_url, init) => {
      const { sourceValue, targetValue } = bodyOf(init)['flashcard'] as { sourceValue: string; targetValue: string };
      cards.push({ id: CARD_ID, sourceValue, targetValue, status: 'uncertain' });
      return json({ changed: 1, id: CARD_ID, position: `8.${cards.length}` }, 201);
    },
    'GET /api/translation/meanings': (url) =>
      json({ word: url.searchParams.get('word'), meaning: meanings.get(url.searchParams.get('word') ?? '') ?? null }),
    'POST /api/translation/meanings': (_url, init) => {
      const { word, meaning } = bodyOf(init) as { word: string; meaning: string };
      meanings.set(word, meaning);
      return json({ changed: true, position: '7.0' });
    },
    'POST /api/tts': () => new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } }),
    // No audio manager audio unless a test attaches some.
    [`GET /api/audio/article/${ARTICLE_ID}`]: () => json({ audio: null }),
    ...overrides,
  });
}

/** An answer of GET articles/rating, through the contract's schema. */
export const ratingOf = (fields: { articleId: string; rating: number | null; averageRating: number; ratings: number }) =>
  getRating.response.parse(fields);
