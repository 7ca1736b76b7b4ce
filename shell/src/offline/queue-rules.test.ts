import { describe, expect, it } from 'vitest';
import * as http from '@verba/contracts/http';
import type { RouteDef } from '@verba/contracts/http';
import {
  answerFromWrites,
  CSRF_FAILED,
  describeWrite,
  isLookup,
  isQueuedRoute,
  lookupKey,
  LOOKUPS,
  nextRetryMs,
  QUEUED_WRITES,
  queuedAnswer,
  queuedKind,
  sendOutcome,
  serverMessage,
  waitingText,
  withQueuedWrites,
} from './queue-rules';

const ID = '5f0c8a8e-6a4b-4c1e-9d5e-2b7f3a1c9e10';
const ARTICLE = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const routes = (Object.values(http) as unknown[]).filter(
  (v): v is RouteDef => typeof v === 'object' && v !== null && 'path' in v && 'method' in v,
);
const routeOf = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!;

describe('which writes wait offline', () => {
  it('queues the reader’s marks, own meanings and reading progress, only with a command id', () => {
    expect(
      queuedKind('PATCH', '/api/dictionary/word', { languageCode: 'de', word: { value: 'haus', status: 'known' }, commandId: ID }),
    ).toBe('mark');
    expect(queuedKind('PATCH', '/api/dictionary', { languageCode: 'de', words: [], commandId: ID })).toBe('marks');
    expect(queuedKind('POST', '/api/translation/meanings', { languageCode: 'de', word: 'Haus', meaning: 'house', commandId: ID })).toBe(
      'meaning',
    );
    expect(queuedKind('POST', '/api/articles/bookmark', { articleId: ARTICLE, pageNumber: 2, totalPages: 3, commandId: ID })).toBe(
      'bookmark',
    );
    expect(queuedKind('POST', '/api/articles/progress/add', { commandId: ID })).toBe('progress');
    expect(queuedKind('POST', '/api/flashcards/one', { languageCode: 'de', flashcard: { sourceValue: 'Haus' }, commandId: ID })).toBe(
      'card',
    );
    // Without a command id a resend could apply twice: never queued.
    expect(queuedKind('PATCH', '/api/dictionary/word', { languageCode: 'de', word: { value: 'haus', status: 'known' } })).toBeNull();
    expect(queuedKind('PATCH', '/api/dictionary/word', null)).toBeNull();
  });

  it('queues nothing else: other writes, reads, admin routes', () => {
    expect(queuedKind('GET', '/api/dictionary', { commandId: ID })).toBeNull();
    expect(isQueuedRoute('GET', '/api/dictionary')).toBe(false);
    expect(isQueuedRoute('POST', '/api/flashcards/create')).toBe(false);
    expect(isQueuedRoute('PATCH', '/api/dictionary/word')).toBe(true);
    expect(queuedKind('POST', '/api/flashcards/create', { commandId: ID })).toBeNull();
    expect(queuedKind('DELETE', '/api/articles/private/delete', { commandId: ID })).toBeNull();
    expect(queuedKind('POST', '/api/user/delete', { commandId: ID })).toBeNull();
  });

  it('names contract routes of the signed-in user whose bodies take a command id', () => {
    for (const write of QUEUED_WRITES) {
      const route = routeOf(write.method, write.path);
      expect(route, write.path).toBeDefined();
      expect(route.access).toBe('user');
      expect(Object.hasOwn((route.body as unknown as { shape: object }).shape, 'commandId'), write.path).toBe(true);
    }
  });
});

describe('what the page gets for a queued write', () => {
  it('is an answer its route’s response schema accepts, without a position', () => {
    const bodies = {
      mark: { languageCode: 'de', word: { value: 'haus', status: 'known' }, commandId: ID },
      marks: {
        languageCode: 'de',
        words: [
          { value: 'haus', status: 'known' },
          { value: 'buch', status: 'known' },
        ],
        commandId: ID,
      },
      meaning: { languageCode: 'de', word: 'Haus', meaning: 'house', commandId: ID },
      bookmark: { articleId: ARTICLE, pageNumber: 2, totalPages: 3, commandId: ID },
      progress: { articleProgressItem: { articleId: ARTICLE, progress: 50 }, language: 'de', commandId: ID },
      card: {
        languageCode: 'de',
        flashcard: { sourceValue: 'Haus', targetValue: 'house', origin: 'article', originId: ARTICLE, oncePerWord: true },
        commandId: ID,
      },
    } as const;
    for (const write of QUEUED_WRITES) {
      const answer = queuedAnswer(write.kind, bodies[write.kind]);
      const parsed = routeOf(write.method, write.path).response.parse(answer) as { position?: string };
      expect(parsed.position).toBeUndefined();
    }
    expect(queuedAnswer('mark', bodies.mark)).toEqual({ changed: 1, word: { value: 'haus', status: 'known' } });
    expect(queuedAnswer('marks', bodies.marks)).toEqual({ changed: 2 });
    expect(queuedAnswer('card', { ...bodies.card, flashcard: { ...bodies.card.flashcard, id: ID } })).toEqual({ changed: 1, id: ID });
  });
});

describe('the reads the page makes while writes wait', () => {
  const dictionary = {
    languageCode: 'de',
    words: [
      { value: 'es', status: 'known' },
      { value: 'buch', status: 'uncertain' },
    ],
  };
  const dictUrl = new URL('https://verba.test/api/dictionary?languageCode=de&minPosition=3.1');
  const mark = (value: string, status: string, languageCode = 'de') => ({
    kind: 'mark' as const,
    body: { languageCode, word: { value, status } },
  });

  it('show the marks in the dictionary, in order: New takes a word out', () => {
    const writes = [
      mark('haus', 'known'),
      mark('buch', 'known'),
      {
        kind: 'marks' as const,
        body: {
          languageCode: 'de',
          words: [
            { value: 'es', status: 'new' },
            { value: 'frau', status: 'uncertain' },
          ],
        },
      },
      mark('haus', 'ignored'),
      mark('maison', 'known', 'fr'),
    ];
    const result = withQueuedWrites(dictUrl, dictionary, writes) as typeof dictionary;
    expect(Object.fromEntries(result.words.map((w) => [w.value, w.status]))).toEqual({ buch: 'known', frau: 'uncertain', haus: 'ignored' });
    // What was kept is not changed in place.
    expect(dictionary.words).toHaveLength(2);
  });

  it('leave a read alone when no waiting write changes it', () => {
    expect(withQueuedWrites(dictUrl, dictionary, [mark('maison', 'known', 'fr')])).toBe(dictionary);
    const profile = { name: 'Ola' };
    expect(withQueuedWrites(new URL('https://verba.test/api/user/profile'), profile, [mark('haus', 'known')])).toBe(profile);
  });

  it('show the meaning typed last for that word and language', () => {
    const url = new URL('https://verba.test/api/translation/meanings?languageCode=de&word=Haus');
    const kept = { word: 'Haus', meaning: null };
    const typed = (word: string, meaning: string, languageCode = 'de') => ({
      kind: 'meaning' as const,
      body: { languageCode, word, meaning },
    });
    expect(
      withQueuedWrites(url, kept, [typed('Haus', 'house'), typed(' Haus ', 'home'), typed('Haus', 'maison', 'fr'), typed('Buch', 'book')]),
    ).toEqual({
      word: 'Haus',
      meaning: 'home',
    });
    expect(withQueuedWrites(url, kept, [typed('Buch', 'book')])).toBe(kept);
    // Nothing kept for the word (never looked up online): the typed meaning answers by itself, else nothing does.
    expect(answerFromWrites(url, [typed('Haus', 'house')])).toEqual({ word: 'Haus', meaning: 'house' });
    expect(answerFromWrites(url, [typed('Buch', 'book')])).toBeUndefined();
    expect(answerFromWrites(new URL('https://verba.test/api/dictionary?languageCode=de'), [typed('Haus', 'house')])).toBeUndefined();
  });
});

describe('sending a waiting write', () => {
  it('is done on 2xx, kept on the server’s trouble, a rate limit, an expired session or a changed CSRF token, refused otherwise', () => {
    expect(sendOutcome(200)).toBe('sent');
    expect(sendOutcome(201)).toBe('sent');
    for (const status of [500, 502, 503, 401, 408, 429]) expect(sendOutcome(status), String(status)).toBe('keep');
    expect(sendOutcome(403, CSRF_FAILED)).toBe('keep');
    for (const status of [400, 403, 404, 409, 422]) expect(sendOutcome(status, 'Article not found'), String(status)).toBe('refused');
  });

  it('tries again after 1 s, then twice as long each time up to 30 s, when a send found no network or was told to wait', () => {
    const delays: number[] = [];
    let delay: number | undefined;
    for (let i = 0; i < 8; i++) delays.push((delay = nextRetryMs(delay)));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(nextRetryMs(undefined)).toBe(1000); // back to the first delay once a write was sent
  });

  it('reads the server’s words from a problem+json answer, or says what it answered', () => {
    expect(serverMessage({ title: 'Not Found', detail: 'Article not found', message: 'Article not found' }, 404)).toBe('Article not found');
    expect(serverMessage({ message: 'Nope' }, 400)).toBe('Nope');
    expect(serverMessage('plain words', 409)).toBe('plain words');
    expect(serverMessage(undefined, 410)).toBe('The server answered 410.');
  });

  it('names the change for the learner', () => {
    expect(describeWrite('mark', { word: { value: 'haus', status: 'known' } })).toBe('“haus” marked Known');
    expect(
      describeWrite('marks', {
        words: [
          { value: 'a', status: 'known' },
          { value: 'b', status: 'known' },
        ],
      }),
    ).toBe('2 words marked Known');
    expect(
      describeWrite('marks', {
        words: [
          { value: 'a', status: 'new' },
          { value: 'b', status: 'known' },
        ],
      }),
    ).toBe('2 words marked');
    expect(describeWrite('meaning', { word: 'Haus' })).toBe('Your meaning of “Haus”');
    expect(describeWrite('card', { flashcard: { sourceValue: 'Haus' } })).toBe('Your card for “Haus”');
    expect(describeWrite('bookmark', {}, 'Der Hund')).toBe('Your page in “Der Hund”');
    expect(describeWrite('progress', {})).toBe('Your progress in an article');
  });

  it('counts what waits in the badge', () => {
    expect(waitingText(1)).toBe('1 change waiting');
    expect(waitingText(6)).toBe('6 changes waiting');
  });
});

describe('look-ups kept by their body', () => {
  it('are the word panel’s translation POSTs, keyed by path and body whatever the key order', () => {
    for (const path of LOOKUPS) {
      expect(routeOf('POST', path)).toBeDefined();
      expect(isLookup('POST', path)).toBe(true);
      expect(isLookup('GET', path)).toBe(false);
    }
    expect(isLookup('POST', '/api/translation/meanings')).toBe(false);
    const a = lookupKey('/api/translation-ai', { text: 'Haus', languageCode: 'de', prompt: 'p' });
    expect(a).toBe(lookupKey('/api/translation-ai', { prompt: 'p', languageCode: 'de', text: 'Haus' }));
    expect(a).not.toBe(lookupKey('/api/translation-ai', { prompt: 'p', languageCode: 'de', text: 'Hause' }));
    expect(a).not.toBe(lookupKey('/api/translation', { prompt: 'p', languageCode: 'de', text: 'Haus' }));
    expect(new URL(a, 'https://verba.test').pathname).toBe('/__verba-offline/lookup/api/translation-ai');
  });
});
