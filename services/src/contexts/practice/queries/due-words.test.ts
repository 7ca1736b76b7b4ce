import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DueWord } from '@verba/contracts';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../../test-support/platform/test-auth';
import { testClock } from '../../../../test-support/platform/clock';
import type { Module } from '../../../platform/module';
import { createPracticeModule } from '../module';

const database = await preferredTestDatabase();

/** Identity's time zones as its settings would give them: each test learner's zone (UTC for the others). */
const zones = new Map<string, string>();
const zonesModule: Module = {
  name: 'test-time-zones',
  provides: { timeZones: () => ({ timeZoneOf: async (userId) => zones.get(userId) ?? 'UTC' }) },
};

type DueList = { languageCode: string; endOfDayStamp: number; words: DueWord[]; truncated: boolean };
type Reviewed = { position: string; cards: { id: string; scheduled: boolean; dueDateStamp: number }[] };

describe(`review in the text (due words, "I knew it here") on ${database.label}`, () => {
  let t: TestApp;
  const clock = testClock('2026-05-11T09:00:00.000Z');
  beforeAll(async () => {
    const now = () => clock.date();
    t = await createTestApp(await database.create(), [testAuthModule, zonesModule, createPracticeModule({ now })], { now });
  });
  afterAll(async () => t?.close());

  const learner = (zone?: string) => {
    const uid = randomUUID();
    if (zone) zones.set(uid, zone);
    return t.agent().setCookies(testUserCookies(uid));
  };
  const create = async (agent: Agent, languageCode: string, cards: Record<string, unknown>[]) => {
    const res = await agent.request({ method: 'POST', url: '/api/flashcards', payload: { languageCode, flashcards: cards } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { ids: string[]; position: string };
  };
  const due = async (agent: Agent, position?: string, languageCode = 'de'): Promise<DueList> => {
    const url = `/api/flashcards/due-words?languageCode=${languageCode}${position ? `&minPosition=${position}` : ''}`;
    let res = await agent.request({ method: 'GET', url });
    for (let attempt = 1; res.statusCode === 503 && attempt < 10; attempt++) res = await agent.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const review = (agent: Agent, id: string, source = 'reader', rating = 'good') =>
    agent.request({ method: 'PATCH', url: '/api/flashcards', payload: { reviews: [{ id, rating }], source } });
  const knewIt = async (agent: Agent, id: string): Promise<Reviewed> => {
    const res = await review(agent, id);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("lists only the caller's due cards in the language, keyed as the reader keys words, none made today and never reviewed", async () => {
    clock.set('2026-05-11T09:00:00.000Z');
    const me = learner();
    const other = learner();
    const sentence = 'Das Haus steht am Fluss.';
    const { ids } = await create(me, 'de', [
      { sourceValue: 'Häuser', targetValue: 'houses', sentence },
      { sourceValue: 'Zum Beispiel', targetValue: 'for example' },
      { sourceValue: 'Hund', targetValue: 'dog' },
    ]);
    const [houses, example, dog] = ids as [string, string, string];
    await create(me, 'fr', [{ sourceValue: 'maison', targetValue: 'house' }]);
    await create(other, 'de', [{ sourceValue: 'Katze', targetValue: 'cat' }]);
    // Rated Easy in a flashcard session: due again in days, not today.
    expect((await review(me, dog, 'flashcards', 'easy')).statusCode).toBe(200);
    // Made today: no passive review yet, though a new card is due at once.
    const position = (await create(me, 'de', [{ sourceValue: 'heute', targetValue: 'today' }])).position;
    expect((await due(me, position)).words).toEqual([]);

    clock.set('2026-05-12T10:00:00.000Z');
    const list = await due(me, position);
    expect(list).toMatchObject({ languageCode: 'de', endOfDayStamp: Date.parse('2026-05-13T00:00:00.000Z'), truncated: false });
    expect(Object.fromEntries(list.words.map(({ id, key }) => [key, id]))).toEqual({
      heute: expect.any(String),
      häuser: houses,
      'zum beispiel': example,
    });
    expect(list.words.find((w) => w.id === houses)).toEqual({
      id: houses,
      sourceValue: 'Häuser',
      key: 'häuser',
      targetValue: 'houses',
      sentence,
      dueDateStamp: Date.parse('2026-05-11T09:00:00.000Z'),
    });
    expect((await due(me, position, 'fr')).words.map((w) => w.key)).toEqual(['maison']);
    expect((await due(other, position)).words.map((w) => w.key)).toEqual(['katze']);
  });

  it('schedules "I knew it here" once a day per card: a second one is only counted, and the next day schedules again', async () => {
    clock.set('2026-05-11T09:00:00.000Z');
    const me = learner();
    const made = await create(me, 'de', [{ sourceValue: 'Brücke', targetValue: 'bridge' }]);
    const [card] = made.ids as [string];

    clock.set('2026-05-12T10:00:00.000Z');
    expect((await due(me, made.position)).words.map((w) => w.id)).toEqual([card]);
    const first = await knewIt(me, card);
    expect(first.cards[0]).toMatchObject({ id: card, scheduled: true });
    expect(first.cards[0]!.dueDateStamp).toBeGreaterThan(clock.now);
    // Reviewed today: no longer underlined, even while it is due again later today (a learning step).
    expect((await due(me, first.position)).words).toEqual([]);

    clock.advance(60 * 60 * 1000);
    const second = await knewIt(me, card);
    expect(second.cards[0]).toMatchObject({ id: card, scheduled: false, dueDateStamp: first.cards[0]!.dueDateStamp });

    const list = await me.request({ method: 'GET', url: `/api/flashcards?languageCode=de&minPosition=${second.position}` });
    expect(list.json().flashcards[0]).toMatchObject({ timePracticed: 2, dueDateStamp: first.cards[0]!.dueDateStamp });

    clock.set('2026-05-13T10:00:00.000Z');
    expect((await due(me, second.position)).words.map((w) => w.id)).toEqual([card]);
    const nextDay = await knewIt(me, card);
    expect(nextDay.cards[0]!.scheduled).toBe(true);
    expect(nextDay.cards[0]!.dueDateStamp).toBeGreaterThan(first.cards[0]!.dueDateStamp);
  });

  it('underlines a card failed in practice today, due again in minutes, until it is confirmed in the reader', async () => {
    clock.set('2026-05-11T09:00:00.000Z');
    const me = learner();
    const made = await create(me, 'de', [{ sourceValue: 'Wolke', targetValue: 'cloud' }]);
    const [card] = made.ids as [string];
    // Made today and never reviewed: not yet.
    expect((await due(me, made.position)).words).toEqual([]);
    // Forgotten in a flashcard session: a learning step brings it back within minutes, today.
    const failed = await review(me, card, 'flashcards', 'again');
    expect(failed.statusCode).toBe(200);
    expect((await due(me, failed.json().position)).words.map((w) => w.id)).toEqual([card]);
    const confirmed = await knewIt(me, card);
    expect(confirmed.cards[0]).toMatchObject({ id: card, scheduled: true });
    expect((await due(me, confirmed.position)).words).toEqual([]);
  });

  it("refuses another learner's card as not found", async () => {
    clock.set('2026-05-11T09:00:00.000Z');
    const owner = learner();
    const stranger = learner();
    const made = await create(owner, 'de', [{ sourceValue: 'Schloss', targetValue: 'castle' }]);
    const [card] = made.ids as [string];
    clock.set('2026-05-12T10:00:00.000Z');
    const res = await review(stranger, card);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Flashcard not found');
    expect((await due(owner, made.position)).words.map((w) => w.id)).toEqual([card]);
  });

  it("schedules once on the learner's own day, not the UTC day", async () => {
    clock.set('2026-05-10T09:00:00.000Z');
    const california = learner('America/Los_Angeles');
    const made = await create(california, 'de', [{ sourceValue: 'Abend', targetValue: 'evening' }]);
    const [card] = made.ids as [string];
    // Monday 16:30 in Los Angeles (23:30 UTC): counted and scheduled.
    clock.set('2026-05-11T23:30:00.000Z');
    const first = await knewIt(california, card);
    expect(first.cards[0]!.scheduled).toBe(true);
    // Monday 18:00 there, already Tuesday in UTC: still the learner's Monday, so only counted.
    clock.set('2026-05-12T01:00:00.000Z');
    const second = await knewIt(california, card);
    expect(second.cards[0]).toMatchObject({ scheduled: false, dueDateStamp: first.cards[0]!.dueDateStamp });
  });

  it("counts today in the learner's time zone", async () => {
    // Monday 23:30 in Los Angeles (PDT, UTC-7), already Tuesday in UTC.
    clock.set('2026-05-12T06:30:00.000Z');
    const california = learner('America/Los_Angeles');
    const london = learner();
    const positions: string[] = [];
    for (const agent of [california, london])
      positions.push((await create(agent, 'de', [{ sourceValue: 'Mitternacht', targetValue: 'midnight' }])).position);
    // Tuesday 01:00 in Los Angeles: the card was made yesterday there, today in UTC.
    clock.set('2026-05-12T08:00:00.000Z');
    const there = await due(california, positions[0]);
    expect(there.words.map((w) => w.key)).toEqual(['mitternacht']);
    expect(there.endOfDayStamp).toBe(Date.parse('2026-05-13T07:00:00.000Z'));
    expect((await due(london, positions[1])).words).toEqual([]);
  });
});
