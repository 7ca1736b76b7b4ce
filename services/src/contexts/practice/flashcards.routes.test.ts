import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdFor } from '../../platform/decider/event-ids';
import { comparePositions, parsePosition } from '../../platform/event-store/port';
import { SESSION_EXPIRED } from '../../platform/http/routes';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import type { Agent } from '../../../test-support/platform/test-app';
import { practiceTestApp, type PracticeTestApp } from '../../../test-support/contexts/practice/app';
import { UserDeleted } from '../identity/published';
import type { Flashcard } from '@verba/contracts';
import { previewRatings, scheduleOf } from '@verba/contracts/fsrs';

const database = await preferredTestDatabase();

describe(`flashcard routes on ${database.label}`, () => {
  let p: PracticeTestApp;
  beforeAll(async () => {
    p = await practiceTestApp(await database.create());
  });
  afterAll(async () => p?.t.close());

  const list = async (agent: Agent, position?: string, query = 'languageCode=de') =>
    (await p.get(agent, `/api/flashcards?${query}`, position)).json();

  it('creates a card that starts Uncertain, new to FSRS and due at once, with every field of the spec', async () => {
    const { agent } = p.learner();
    const created = p.clock.now;
    const res = await agent.request({
      method: 'POST',
      url: '/api/flashcards/one',
      payload: {
        languageCode: 'de',
        flashcard: { sourceValue: '  das Haus ', targetValue: 'the house', origin: 'article', originId: 'a-1', originName: 'Berlin' },
      },
    });
    expect(res.statusCode).toBe(201);
    const { id, position, changed } = res.json();
    expect(changed).toBe(1);
    expect((await list(agent, position)).flashcards).toEqual([
      {
        id,
        languageCode: 'de',
        sourceValue: 'das Haus',
        targetValue: 'the house',
        timePracticed: 0,
        creationDateStamp: created,
        lastTimePracticedStamp: null,
        origin: 'article',
        originId: 'a-1',
        originName: 'Berlin',
        status: 'uncertain',
        difficulty: 0,
        stability: 0,
        scheduledDays: 0,
        elapsedDays: 0,
        dueDateStamp: created,
        state: 'new',
        learningSteps: 0,
        reps: 0,
        lapses: 0,
      },
    ]);
  });

  it('keeps the sentence a card was made with, sealed in its event, and lists it with the card', async () => {
    const { agent, uid } = p.learner();
    const sentence = 'Das Haus steht am Fluss.';
    const res = await agent.request({
      method: 'POST',
      url: '/api/flashcards/one',
      payload: {
        languageCode: 'de',
        flashcard: { sourceValue: 'Fluss', targetValue: 'river', sentence, origin: 'article', originId: 'a-s', originName: 'Am Fluss' },
      },
    });
    expect(res.statusCode).toBe(201);
    const [card] = (await list(agent, res.json().position)).flashcards;
    expect(card).toMatchObject({ sourceValue: 'Fluss', targetValue: 'river', sentence });
    const stream = await p.t.deps.store.readStream(`flashcard-${uid}.${res.json().id}`);
    expect(JSON.stringify(stream[0]?.data)).not.toContain('am Fluss');
  });

  it('makes one card a word with oncePerWord: a second mark, or a card the learner already has, answers that card', async () => {
    const { agent } = p.learner();
    const mark = async (sourceValue: string, targetValue: string, originId: string) =>
      (
        await agent.request({
          method: 'POST',
          url: '/api/flashcards/one',
          payload: {
            languageCode: 'de',
            flashcard: { sourceValue, targetValue, origin: 'article', originId, oncePerWord: true, sentence: `${sourceValue} hier.` },
          },
        })
      ).json();
    const first = await mark('Baum', 'tree', 'a-1');
    expect(first.changed).toBe(1);
    // The same word again, from another article and another tab, at once: still the one card.
    const [again, other] = await Promise.all([mark('Baum', 'a tree', 'a-2'), mark('baum', 'tree', 'a-3')]);
    expect([again.id, other.id]).toEqual([first.id, first.id]);
    expect(again.changed + other.changed).toBe(0);
    // A card typed by hand before counts as the word's card.
    const typed = await agent.request({
      method: 'POST',
      url: '/api/flashcards/one',
      payload: { languageCode: 'de', flashcard: { sourceValue: 'Wald', targetValue: 'forest' } },
    });
    await p.get(agent, '/api/flashcards?languageCode=de', typed.json().position);
    const wald = await mark('Wald', 'woods', 'a-1');
    expect(wald).toMatchObject({ id: typed.json().id, changed: 0 });
    const cards = (await list(agent)).flashcards as Flashcard[];
    expect(cards.map((c) => [c.sourceValue, c.targetValue]).sort()).toEqual([
      ['Baum', 'tree'],
      ['Wald', 'forest'],
    ]);
  });

  it('creates many cards at once, ids in the order sent, a client id kept, and a retry appends nothing', async () => {
    const { agent } = p.learner();
    const own = randomUUID();
    const commandId = randomUUID();
    const payload = {
      languageCode: 'fr',
      commandId,
      flashcards: [
        { sourceValue: 'la maison', targetValue: 'the house' },
        { id: own, sourceValue: 'le chat', targetValue: 'the cat' },
        { sourceValue: 'Il fait beau.', targetValue: 'The weather is nice.' },
      ],
    };
    const first = await agent.request({ method: 'POST', url: '/api/flashcards', payload });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body.changed).toBe(3);
    expect(body.ids[1]).toBe(own);
    expect(body.ids[0]).toBe(eventIdFor(commandId, 'card:0'));
    const before = await p.eventCount();
    const retry = await agent.request({ method: 'POST', url: '/api/flashcards', payload });
    expect(retry.json()).toMatchObject({ ids: body.ids, changed: 0 });
    expect(await p.eventCount()).toBe(before);
    const cards = (await list(agent, body.position, 'languageCode=fr')).flashcards;
    expect(cards.map((c: { sourceValue: string }) => c.sourceValue).sort()).toEqual(['Il fait beau.', 'la maison', 'le chat']);
    expect((await list(agent, undefined, 'languageCode=de')).flashcards).toEqual([]);
  });

  const tooLong = 'ä'.repeat(301);
  it.each([
    ['POST', '/api/flashcards/one', 'Required', { languageCode: 'de', flashcard: { targetValue: 'x' } }],
    ['POST', '/api/flashcards/one', 'Required', { languageCode: 'de', flashcard: { sourceValue: '   ', targetValue: 'x' } }],
    [
      'POST',
      '/api/flashcards/one',
      'Maximum 300 letters are allowed',
      { languageCode: 'de', flashcard: { sourceValue: 'x', targetValue: tooLong } },
    ],
    [
      'POST',
      '/api/flashcards',
      'Maximum 300 letters are allowed',
      {
        languageCode: 'de',
        flashcards: [
          { sourceValue: 'ok', targetValue: 'ok' },
          { sourceValue: tooLong, targetValue: 'x' },
        ],
      },
    ],
    ['POST', '/api/flashcards', 'Required', { languageCode: 'de', flashcards: [{ sourceValue: 'ok' }] }],
    ['POST', '/api/flashcards', 'At least one flashcard is required', { languageCode: 'de', flashcards: [] }],
    ['PATCH', '/api/flashcards/one', 'Required', { id: randomUUID(), sourceValue: '', targetValue: 'x' }],
    ['PATCH', '/api/flashcards/one', 'Maximum 300 letters are allowed', { id: randomUUID(), sourceValue: 'x', targetValue: tooLong }],
    [
      'POST',
      '/api/flashcards/chapter',
      'Required',
      { languageCode: 'de', chapterId: 'c1', flashcards: [{ sourceValue: 'x', targetValue: '' }] },
    ],
  ] as const)('%s %s refuses a bad form with "%s" and appends nothing', async (method, url, message, payload) => {
    const { agent } = p.learner();
    const before = await p.eventCount();
    const res = await agent.request({ method, url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await p.eventCount()).toBe(before);
  });

  it('accepts exactly 300 letters, counted as letters (not bytes or UTF-16 units)', async () => {
    const { agent } = p.learner();
    const side = 'ё'.repeat(150) + '𝔞'.repeat(150); // 300 letters, 450 UTF-16 units
    const res = await agent.request({
      method: 'POST',
      url: '/api/flashcards/one',
      payload: { languageCode: 'ru', flashcard: { sourceValue: side, targetValue: side } },
    });
    expect(res.statusCode).toBe(201);
  });

  it('edits, marks Known and Uncertain, and deletes a card; a change to the same value changes nothing', async () => {
    const { agent } = p.learner();
    const {
      ids: [id],
    } = await p.create(agent, [{ sourceValue: 'laufen', targetValue: 'to run' }]);
    const edit = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards/one',
      payload: { id, sourceValue: 'laufen', targetValue: 'to walk, to run' },
    });
    expect(edit.json().changed).toBe(1);
    const known = await agent.request({ method: 'PATCH', url: '/api/flashcards/status', payload: { id, status: 'known' } });
    expect(known.json().changed).toBe(1);
    const again = await agent.request({ method: 'PATCH', url: '/api/flashcards/status', payload: { id, status: 'known' } });
    expect(again.json()).toEqual({ changed: 0 });
    const [card] = (await list(agent, known.json().position)).flashcards;
    expect(card).toMatchObject({ id, targetValue: 'to walk, to run', status: 'known' });
    expect((await list(agent, undefined, 'languageCode=de&status=uncertain')).flashcards).toEqual([]);

    const del = await agent.request({ method: 'DELETE', url: '/api/flashcards/one', payload: { id } });
    expect(del.json().changed).toBe(1);
    expect((await list(agent, del.json().position)).flashcards).toEqual([]);
    const afterDelete = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards/one',
      payload: { id, sourceValue: 'a', targetValue: 'b' },
    });
    expect(afterDelete.statusCode).toBe(404);
    expect(afterDelete.json().message).toBe('Flashcard not found');
  });

  it('edits a card’s sentence, replaces it with one picked from an article, and removes it', async () => {
    const { agent, uid } = p.learner();
    const {
      ids: [id],
    } = await p.create(agent, [{ sourceValue: 'Fluss', targetValue: 'river' }]);
    const edit = (payload: Record<string, unknown>) =>
      agent.request({
        method: 'PATCH',
        url: '/api/flashcards/one',
        payload: { id, sourceValue: 'Fluss', targetValue: 'river', ...payload },
      });

    const typed = await edit({ sentence: '  Der Fluss ist breit.  ' });
    expect(typed.json().changed).toBe(1);
    expect((await list(agent, typed.json().position)).flashcards[0]).toMatchObject({ sentence: 'Der Fluss ist breit.', origin: null });
    expect((await edit({ sentence: 'Der Fluss ist breit.' })).json()).toEqual({ changed: 0 });

    const picked = await edit({ sentence: 'Am Fluss steht ein Haus.', origin: 'article', originId: 'a-9', originName: 'Am Fluss' });
    expect(picked.json().changed).toBe(1);
    expect((await list(agent, picked.json().position)).flashcards[0]).toMatchObject({
      sentence: 'Am Fluss steht ein Haus.',
      origin: 'article',
      originId: 'a-9',
      originName: 'Am Fluss',
    });
    // Sealed like the card's other text: the event holds no sentence in clear.
    const stream = await p.t.deps.store.readStream(`flashcard-${uid}.${id}`);
    expect(JSON.stringify(stream.at(-1)?.data)).not.toContain('steht ein Haus');

    // The sides alone (as older clients edit) leave the sentence; null removes it.
    const sides = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards/one',
      payload: { id, sourceValue: 'Fluss', targetValue: 'the river' },
    });
    expect((await list(agent, sides.json().position)).flashcards[0]).toMatchObject({
      targetValue: 'the river',
      sentence: 'Am Fluss steht ein Haus.',
    });
    const removed = await edit({ sentence: null });
    const [card] = (await list(agent, removed.json().position)).flashcards;
    expect(card.sentence).toBeUndefined();
    expect(card.originId).toBe('a-9');
  });

  it('refuses a sentence longer than 1000 characters, or an origin without its id, and appends nothing', async () => {
    const { agent } = p.learner();
    const {
      ids: [id],
    } = await p.create(agent, [{ sourceValue: 'Fluss', targetValue: 'river' }]);
    const before = await p.eventCount();
    for (const [extra, message] of [
      [{ sentence: 'ё'.repeat(1001) }, 'A sentence has at most 1000 characters'],
      [{ sentence: 'Am Fluss.', origin: 'article' }, 'An origin needs its id'],
    ] as const) {
      const res = await agent.request({
        method: 'PATCH',
        url: '/api/flashcards/one',
        payload: { id, sourceValue: 'Fluss', targetValue: 'river', ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const ok = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards/one',
      payload: { id, sourceValue: 'Fluss', targetValue: 'river', sentence: 'ё'.repeat(1000) },
    });
    expect(ok.json().changed).toBe(1);
    expect(await p.eventCount()).toBe(before + 1);
  });

  it("answers 404 for another user's card on every route that names one, and appends nothing", async () => {
    const owner = p.learner();
    const other = p.learner();
    const {
      ids: [id],
      position,
    } = await p.create(owner.agent, [{ sourceValue: 'geheim', targetValue: 'secret' }]);
    const before = await p.eventCount();
    for (const [method, url, payload] of [
      ['PATCH', '/api/flashcards/one', { id, sourceValue: 'mine', targetValue: 'now' }],
      ['DELETE', '/api/flashcards/one', { id }],
      ['PATCH', '/api/flashcards/status', { id, status: 'known' }],
      ['PATCH', '/api/flashcards', { reviews: [{ id, rating: 'good' }] }],
      ['PATCH', '/api/practice/quick-quiz/one/update', { id, answerId: id }],
      ['GET', `/api/practice/quick-quiz/one?languageCode=de&id=${id}&minPosition=${position}`, undefined],
    ] as const) {
      const res = await other.agent.request({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Flashcard not found');
    }
    expect(await p.eventCount()).toBe(before);
    expect((await list(other.agent, position)).flashcards).toEqual([]);
    for (const url of [
      '/api/flashcards/info?languageCode=de',
      '/api/practice/flashcards?languageCode=de',
      '/api/flashcards/flashcards-origin-status?languageCode=de',
    ]) {
      expect((await p.get(other.agent, url)).json(), url).toMatchObject(
        url.includes('info') ? { total: 0 } : url.includes('origin') ? { origins: [] } : { flashcards: [] },
      );
    }
    expect((await list(owner.agent)).flashcards[0]).toMatchObject({ id, sourceValue: 'geheim', status: 'uncertain' });
  });

  it('tells the reader which words of an article already have a card, and keeps chapter cards apart', async () => {
    const { agent } = p.learner();
    const article = randomUUID();
    await p.create(agent, [
      { sourceValue: 'der Baum', targetValue: 'the tree', origin: 'article', originId: article, originName: 'Im Wald' },
      { sourceValue: 'der Wald', targetValue: 'the forest', origin: 'article', originId: article, originName: 'Im Wald' },
      { sourceValue: 'das Meer', targetValue: 'the sea', origin: 'article', originId: randomUUID() },
    ]);
    const chapter = await agent.request({
      method: 'POST',
      url: '/api/flashcards/chapter',
      payload: {
        languageCode: 'de',
        chapterId: 'ch-7',
        chapterName: 'Kapitel 7',
        flashcards: [{ sourceValue: 'die Stadt', targetValue: 'the city', sentence: 'Die Stadt ist groß.' }],
      },
    });
    expect(chapter.statusCode).toBe(201);
    const position = chapter.json().position;
    const created = (await p.get(agent, `/api/flashcards/created?languageCode=de&articleId=${article}`, position)).json();
    expect(created.flashcards.map((c: { sourceValue: string }) => c.sourceValue).sort()).toEqual(['der Baum', 'der Wald']);
    expect(created.flashcards).toContainEqual({
      id: expect.any(String),
      sourceValue: 'der Baum',
      targetValue: 'the tree',
      status: 'uncertain',
    });
    const inChapter = (await p.get(agent, '/api/flashcards/chapter?languageCode=de&chapterId=ch-7')).json();
    expect(inChapter.flashcards).toHaveLength(1);
    // A chapter's card keeps the sentence of the chapter it was found in.
    expect(inChapter.flashcards[0]).toMatchObject({
      sourceValue: 'die Stadt',
      sentence: 'Die Stadt ist groß.',
      origin: 'chapter',
      originId: 'ch-7',
      originName: 'Kapitel 7',
    });
    expect((await p.get(agent, `/api/flashcards/created?languageCode=fr&articleId=${article}`)).json().flashcards).toEqual([]);

    const origins = (await p.get(agent, '/api/flashcards/flashcards-origin-status?languageCode=de')).json().origins;
    expect(origins).toContainEqual({
      origin: 'article',
      originId: article,
      originName: 'Im Wald',
      total: 2,
      known: 0,
      uncertain: 2,
      dueNow: 2,
    });
    expect(origins).toContainEqual({
      origin: 'chapter',
      originId: 'ch-7',
      originName: 'Kapitel 7',
      total: 1,
      known: 0,
      uncertain: 1,
      dueNow: 1,
    });
  });

  it('keeps every one of 20 concurrent reviews of one card as an event (retries on conflict, none lost)', async () => {
    const { agent, uid } = p.learner();
    const {
      ids: [id],
    } = await p.create(agent, [{ sourceValue: 'gleichzeitig', targetValue: 'at the same time' }]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id, rating: 'good' }] } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const stream = await p.t.deps.store.readStream(`flashcard-${uid}.${id}`);
    expect(stream.filter((e) => e.type === 'practice.FlashcardReviewed')).toHaveLength(20);
    const reps = results.map((r) => r.json().cards[0].reps).sort((a: number, b: number) => a - b);
    expect(reps).toEqual(Array.from({ length: 20 }, (_, i) => i + 1)); // each decided on the state before it
    // The latest of the positions, in log order: as text "9.5" would sort after "10.0".
    const last = results
      .map((r) => r.json().position as string)
      .sort((a, b) => comparePositions(parsePosition(a), parsePosition(b)))
      .at(-1);
    const [card] = (await list(agent, last)).flashcards;
    expect(card).toMatchObject({ reps: 20, timePracticed: 20 });
  });

  it('appends a retried review (same command id) only once and answers it as the first time', async () => {
    const { agent, uid } = p.learner();
    const {
      ids: [id],
    } = await p.create(agent, [{ sourceValue: 'nochmal', targetValue: 'again' }]);
    const payload = { reviews: [{ id, rating: 'hard' }], commandId: randomUUID() };
    const first = await agent.request({ method: 'PATCH', url: '/api/flashcards', payload });
    const retry = await agent.request({ method: 'PATCH', url: '/api/flashcards', payload });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json()); // the same answer: the schedule the first attempt made
    const stream = await p.t.deps.store.readStream(`flashcard-${uid}.${id}`);
    expect(stream.map((e) => e.type)).toEqual(['practice.FlashcardCreated', 'practice.FlashcardReviewed']);
  });

  it('lists each card with what the review buttons preview: every rating schedules exactly the previewed due', async () => {
    const { agent } = p.learner();
    const ratings = ['again', 'hard', 'good', 'easy'] as const;
    const { ids, position } = await p.create(
      agent,
      ratings.map((r) => ({ sourceValue: `vorschau ${r}`, targetValue: r })),
    );
    // Every card one step into learning first (Good: the 10-minute step), so learningSteps matters.
    let last = position;
    for (const id of ids)
      last = (await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id, rating: 'good' }] } })).json()
        .position;
    p.clock.advance(3 * 60_000);
    const listed = (await list(agent, last)).flashcards as Flashcard[];
    for (const [i, rating] of ratings.entries()) {
      const card = listed.find((c) => c.id === ids[i])!;
      expect(card).toMatchObject({ state: 'learning', learningSteps: 1 });
      const preview = previewRatings(scheduleOf(card), p.clock.date());
      const res = await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id: card.id, rating }] } });
      expect(res.json().cards[0].dueDateStamp).toBe(Date.parse(preview[rating].due));
    }
  });

  it('undoes the last review of a card (Undo after a session): the schedule, count and practice day come back', async () => {
    const { agent } = p.learner();
    const {
      ids: [id],
      position,
    } = await p.create(agent, [{ sourceValue: 'zurück', targetValue: 'back' }]);
    const [before] = (await list(agent, position)).flashcards;
    const rated = await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id, rating: 'again' }] } });
    const { reviewId } = rated.json().cards[0];
    expect((await list(agent, rated.json().position)).flashcards[0]).toMatchObject({ state: 'learning', timePracticed: 1 });
    const undo = await agent.request({ method: 'POST', url: '/api/flashcards/undo-review', payload: { id, reviewId } });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ changed: 1, card: { id, state: 'new', reps: 0, dueDateStamp: before.dueDateStamp } });
    expect((await list(agent, undo.json().position)).flashcards[0]).toEqual(before);
    const info = (await p.get(agent, '/api/flashcards/info?languageCode=de', undo.json().position)).json();
    expect(info).toMatchObject({ practicedToday: false, streak: 0 });
    // Undoing it again changes nothing; an earlier review than the last cannot be undone.
    expect((await agent.request({ method: 'POST', url: '/api/flashcards/undo-review', payload: { id, reviewId } })).json()).toMatchObject({
      changed: 0,
      card: { state: 'new' },
    });
    const first = (await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id, rating: 'again' }] } })).json()
      .cards[0].reviewId;
    await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id, rating: 'good' }] } });
    const refused = await agent.request({ method: 'POST', url: '/api/flashcards/undo-review', payload: { id, reviewId: first } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only the last review of a card can be undone.');
  });

  it('saves the rest of a session when one of its cards was deleted meanwhile, naming it', async () => {
    const { agent } = p.learner();
    const {
      ids: [kept, gone],
    } = await p.create(agent, [
      { sourceValue: 'bleiben', targetValue: 'to stay' },
      { sourceValue: 'gehen', targetValue: 'to go' },
    ]);
    await agent.request({ method: 'DELETE', url: '/api/flashcards/one', payload: { id: gone } });
    const res = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards',
      payload: {
        reviews: [
          { id: gone, rating: 'good' },
          { id: kept, rating: 'good' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ changed: 1, notFound: [gone], cards: [{ id: kept, reps: 1 }] });
    const none = await agent.request({
      method: 'PATCH',
      url: '/api/flashcards',
      payload: {
        reviews: [
          { id: gone, rating: 'good' },
          { id: randomUUID(), rating: 'easy' },
        ],
      },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Flashcard not found');
  });

  it('answers 401 on every flashcard route without a session', async () => {
    const anonymous = p.t.agent();
    for (const [method, url] of [
      ['GET', '/api/flashcards?languageCode=de'],
      ['POST', '/api/flashcards'],
      ['PATCH', '/api/flashcards'],
      ['POST', '/api/flashcards/one'],
      ['PATCH', '/api/flashcards/one'],
      ['DELETE', '/api/flashcards/one'],
      ['PATCH', '/api/flashcards/status'],
      ['GET', '/api/flashcards/created?languageCode=de&articleId=x'],
      ['GET', '/api/flashcards/chapter?languageCode=de&chapterId=x'],
      ['POST', '/api/flashcards/chapter'],
      ['GET', '/api/flashcards/flashcards-origin-status?languageCode=de'],
      ['GET', '/api/flashcards/info?languageCode=de'],
      ['GET', '/api/flashcards/analytics?languageCode=de'],
      ['GET', '/api/practice/flashcards?languageCode=de'],
      ['GET', '/api/practice/match-sentence?languageCode=de'],
      ['GET', '/api/practice/quick-quiz/list?languageCode=de'],
      ['GET', '/api/practice/quick-quiz/one?languageCode=de'],
      ['PATCH', '/api/practice/quick-quiz/one/update'],
    ] as const) {
      const res = await anonymous.request({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(SESSION_EXPIRED);
    }
  });

  it("forgets a deleted user's cards and practice days, and rebuilds the read model to the same rows", async () => {
    const { agent, uid } = p.learner();
    const { ids } = await p.create(agent, [{ sourceValue: 'weg', targetValue: 'gone' }]);
    await agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id: ids[0], rating: 'easy' }] } });
    const { position } = await p.t.deps.store.append(
      `identity-user-${uid}`,
      [
        {
          id: eventIdFor(uid, 'deleted'),
          type: UserDeleted.type,
          version: UserDeleted.version,
          data: { userId: uid, at: new Date().toISOString() },
        },
      ],
      'any',
    );
    expect(await p.t.deps.projections.waitFor(position, { timeoutMs: 5000 })).toBe(true);
    expect(await p.t.platform.db('flashcards').where({ user_id: uid })).toEqual([]);
    expect(await p.t.platform.db('practice_times').where({ user_id: uid })).toEqual([]);

    const rows = async () => ({
      cards: await p.t.platform.db('flashcards').orderBy(['user_id', 'card_id']).select(),
      times: await p.t.platform.db('practice_times').orderBy(['user_id', 'language', 'quarter_hour']).select(),
    });
    await p.t.caughtUp();
    const before = await rows();
    await p.t.platform.runner.rebuild('practice-flashcards');
    expect(await rows()).toEqual(before);
    expect(before.cards.length).toBeGreaterThan(5);
    expect(before.times.length).toBeGreaterThan(0);
  });
});
