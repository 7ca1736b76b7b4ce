import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_ID_REUSED, wordKey } from '@verba/contracts';
import { parseIntegrationEvent } from '@verba/contracts/integration';
import { parsePosition } from '../../platform/event-store/port';
import type { InProcessPublisher } from '../../platform/integration/in-process';
import { SESSION_EXPIRED } from '../../platform/http/routes';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { eventIdFor } from '../../platform/decider/event-ids';
import { vocabularyModule } from './module';
import { UserDeleted } from '../identity/published';

const database = await preferredTestDatabase();

describe(`dictionary routes on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, vocabularyModule]);
  });
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);

  function learner(role = 'User'): { agent: Agent; uid: string } {
    const uid = randomUUID();
    return { agent: t.agent().setCookies(testUserCookies(uid, role)), uid };
  }

  const read = async (agent: Agent, position?: string, lang = 'de') =>
    (
      await agent.request({ method: 'GET', url: `/api/dictionary?languageCode=${lang}${position ? `&minPosition=${position}` : ''}` })
    ).json();

  it('marks a word Known, Uncertain and New, and reads each change back at once', async () => {
    const { agent } = learner();
    const known = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary/word',
      payload: { languageCode: 'de', word: { value: '„Häuser,', status: 'known' } },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toMatchObject({ changed: 1, word: { value: 'häuser', status: 'known' } });
    expect((await read(agent, known.json().position)).words).toEqual([{ value: 'häuser', status: 'known' }]);

    const uncertain = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary/word',
      payload: { languageCode: 'de', word: { value: 'HÄUSER', status: 'uncertain' } },
    });
    expect((await read(agent, uncertain.json().position)).words).toEqual([{ value: 'häuser', status: 'uncertain' }]);

    const same = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary/word',
      payload: { languageCode: 'de', word: { value: 'häuser', status: 'uncertain' } },
    });
    expect(same.json()).toEqual({ changed: 0, word: { value: 'häuser', status: 'uncertain' } });

    const removed = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary/word',
      payload: { languageCode: 'de', word: { value: 'Häuser', status: 'new' } },
    });
    expect((await read(agent, removed.json().position)).words).toEqual([]);
  });

  it("puts several words back to New in one bulk command (the reader's Undo): out of the dictionary, others kept", async () => {
    const { agent } = learner();
    const bulk = (words: Array<{ value: string; status: string }>, commandId = randomUUID()) =>
      agent.request({ method: 'PATCH', url: '/api/dictionary', payload: { languageCode: 'de', words, commandId } });
    await bulk([{ value: 'hund', status: 'uncertain' }]);
    const marked = await bulk(['der', 'katze', 'schläft'].map((value) => ({ value, status: 'known' })));
    expect(marked.json()).toMatchObject({ changed: 3 });
    const undoId = randomUUID();
    const undone = await bulk(
      ['der', 'katze', 'schläft'].map((value) => ({ value, status: 'new' })),
      undoId,
    );
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ changed: 3 });
    expect((await read(agent, undone.json().position)).words).toEqual([{ value: 'hund', status: 'uncertain' }]);
    // The Undo sent again (a retry) is the same command: nothing more changes.
    const before = await eventCount();
    const retried = await bulk(
      ['der', 'katze', 'schläft'].map((value) => ({ value, status: 'new' })),
      undoId,
    );
    expect(retried.statusCode).toBe(200);
    expect(await eventCount()).toBe(before);
  });

  it('marks a name Ignored (one word, or many through add-many) and lists it with that status', async () => {
    const { agent } = learner();
    const one = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary/word',
      payload: { languageCode: 'de', word: { value: 'Leipzig,', status: 'ignored' } },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ changed: 1, word: { value: 'leipzig', status: 'ignored' } });
    const many = await agent.request({
      method: 'POST',
      url: '/api/dictionary/add-many',
      payload: { languageCode: 'de', words: ['Krüger', 'Haus'], status: 'ignored' },
    });
    expect(many.json().changed).toBe(2);
    const known = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary',
      payload: { languageCode: 'de', words: [{ value: 'Haus', status: 'known' }] },
    });
    expect((await read(agent, known.json().position)).words).toEqual([
      { value: 'haus', status: 'known' },
      { value: 'krüger', status: 'ignored' },
      { value: 'leipzig', status: 'ignored' },
    ]);
  });

  it('keeps dictionaries per language', async () => {
    const { agent } = learner();
    const res = await agent.request({
      method: 'POST',
      url: '/api/dictionary/add-many',
      payload: { languageCode: 'fr', words: ["l'homme", 'Maison'] },
    });
    expect(res.json().changed).toBe(2);
    expect((await read(agent, res.json().position, 'fr')).words).toEqual([
      { value: "l'homme", status: 'known' },
      { value: 'maison', status: 'known' },
    ]);
    expect((await read(agent, undefined, 'de')).words).toEqual([]);
  });

  it('reads back after each mark exactly what the read model holds, in code point order', async () => {
    const { agent, uid } = learner();
    const marks: [string, string][] = [
      ['zug', 'known'],
      ['äpfel', 'uncertain'],
      ['apfel', 'known'],
      ['öl', 'known'],
      ['zug', 'uncertain'],
      ['äpfel', 'new'],
      ['ober', 'known'],
      ['ölig', 'uncertain'],
    ];
    for (const [value, status] of marks) {
      const res = await agent.request({
        method: 'PATCH',
        url: '/api/dictionary/word',
        payload: { languageCode: 'de', word: { value, status } },
      });
      const { words } = await read(agent, res.json().position);
      const rows = await t.platform.db('dictionary_entries').where({ user_id: uid, language: 'de' }).select('word as value', 'status');
      expect(words).toEqual(
        rows.sort((a: { value: string }, b: { value: string }) => Buffer.compare(Buffer.from(a.value), Buffer.from(b.value))),
      );
    }
    expect((await read(agent)).words.map((w: { value: string }) => w.value)).toEqual(['apfel', 'ober', 'zug', 'öl', 'ölig']);
    // A bulk change to the cached dictionary (more than a batch brings up to date word by word).
    const many = await agent.request({
      method: 'POST',
      url: '/api/dictionary/add-many',
      payload: { languageCode: 'de', words: Array.from({ length: 100 }, (_, i) => `wort${i}`) },
    });
    expect((await read(agent, many.json().position)).words).toHaveLength(105);
  });

  it.each([
    [{ languageCode: 'xx', word: { value: 'haus', status: 'known' } }, /Invalid option/],
    [{ languageCode: 'de', word: { value: '...', status: 'known' } }, /^Not a word$/],
    [{ languageCode: 'de', word: { value: 'haus', status: 'familiar' } }, /Invalid option/],
    [{ languageCode: 'de', word: { value: 'a'.repeat(101), status: 'known' } }, /^A word has at most 100 letters$/],
  ])('refuses %j with a clear message and appends nothing', async (payload, message) => {
    const { agent } = learner();
    const before = await eventCount();
    const res = await agent.request({ method: 'PATCH', url: '/api/dictionary/word', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await eventCount()).toBe(before);
  });

  it('refuses an empty or oversized bulk request and appends nothing', async () => {
    const { agent } = learner();
    const before = await eventCount();
    const empty = await agent.request({ method: 'PATCH', url: '/api/dictionary', payload: { languageCode: 'de', words: [] } });
    expect(empty.json().message).toBe('At least one word is required');
    const huge = await agent.request({
      method: 'POST',
      url: '/api/dictionary/add-many',
      payload: { languageCode: 'de', words: Array.from({ length: 1001 }, (_, i) => `w${i}x`) },
    });
    expect(huge.json().message).toBe('At most 1000 words at once');
    expect(await eventCount()).toBe(before);
  });

  it('answers 401 on every dictionary route without a session', async () => {
    const anonymous = t.agent();
    for (const [method, url] of [
      ['GET', '/api/dictionary?languageCode=de'],
      ['PATCH', '/api/dictionary'],
      ['PATCH', '/api/dictionary/word'],
      ['POST', '/api/dictionary/add-many'],
    ] as const) {
      const res = await anonymous.request({ method, url, payload: method === 'GET' ? undefined : { languageCode: 'de', words: ['x'] } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(SESSION_EXPIRED);
    }
  });

  it("never shows one learner another's dictionary", async () => {
    const a = learner();
    const b = learner();
    const res = await a.agent.request({
      method: 'POST',
      url: '/api/dictionary/add-many',
      payload: { languageCode: 'de', words: ['geheim'] },
    });
    expect((await read(b.agent, res.json().position)).words).toEqual([]);
    expect((await read(a.agent, res.json().position)).words).toEqual([{ value: 'geheim', status: 'known' }]);
  });

  it('marks 1,000 words with repeats, mixed case and punctuation, and reads exactly the expected entries', async () => {
    const { agent } = learner();
    const stems = Array.from({ length: 400 }, (_, i) => `wort${i}`);
    const decorate = [
      (w: string) => w,
      (w: string) => w.toUpperCase(),
      (w: string) => `«${w}»,`,
      (w: string) => `¿${w[0]!.toUpperCase()}${w.slice(1)}?`,
    ];
    const statuses = ['known', 'uncertain', 'new'] as const;
    const expected = new Map<string, string>();
    const marks: { value: string; status: (typeof statuses)[number] }[] = [];
    for (let i = 0; i < 1000; i++) {
      const stem = stems[(i * 7919) % stems.length]!;
      const status = statuses[(i * 31) % 3]!;
      marks.push({ value: decorate[i % decorate.length]!(stem), status });
    }
    let position: string | undefined;
    for (let i = 0; i < marks.length; i += 250) {
      const chunk = marks.slice(i, i + 250);
      const res = await agent.request({ method: 'PATCH', url: '/api/dictionary', payload: { languageCode: 'de', words: chunk } });
      expect(res.statusCode).toBe(200);
      position = res.json().position ?? position;
      for (const m of chunk) {
        if (m.status === 'new') expected.delete(wordKey(m.value));
        else expected.set(wordKey(m.value), m.status);
      }
    }
    const words = (await read(agent, position)).words as { value: string; status: string }[];
    expect(new Map(words.map((w) => [w.value, w.status]))).toEqual(expected);
  });

  it("forgets a deleted user's dictionary when identity says the user is gone", async () => {
    const { agent, uid } = learner();
    await agent.request({ method: 'POST', url: '/api/dictionary/add-many', payload: { languageCode: 'es', words: ['casa', 'perro'] } });
    // The one identity event other contexts follow (its public shape: { userId, at }).
    const { position } = await t.deps.store.append(
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
    expect(await t.deps.projections.waitFor(position, { timeoutMs: 5000 })).toBe(true);
    expect(await t.platform.db('dictionary_entries').where({ user_id: uid })).toEqual([]);
  });

  it('publishes each change as a public integration event keyed by the learner', async () => {
    const { agent, uid } = learner();
    const res = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary/word',
      payload: { languageCode: 'ru', word: { value: 'Ёлка!', status: 'uncertain' } },
    });
    expect(await t.platform.relay.waitFor(parsePosition(res.json().position), 5000)).toBe(true);
    const bus = t.platform.publisher as InProcessPublisher;
    const message = bus.messages('verba.vocabulary').find((m) => m.key === uid);
    expect(parseIntegrationEvent(message!.value)).toMatchObject({
      type: 'verba.vocabulary.word-status-changed',
      version: 1,
      key: uid,
      data: { userId: uid, language: 'ru', word: 'ёлка', status: 'uncertain' },
    });
  });

  it('publishes an Ignored word to integration version 1 (which has no such status) as New: out of the dictionary', async () => {
    const { agent, uid } = learner();
    const res = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary/word',
      payload: { languageCode: 'de', word: { value: 'Krüger', status: 'ignored' } },
    });
    expect(await t.platform.relay.waitFor(parsePosition(res.json().position), 5000)).toBe(true);
    const bus = t.platform.publisher as InProcessPublisher;
    const message = bus.messages('verba.vocabulary').find((m) => m.key === uid);
    expect(parseIntegrationEvent(message!.value)).toMatchObject({
      type: 'verba.vocabulary.word-status-changed',
      version: 1,
      data: { userId: uid, language: 'de', word: 'krüger', status: 'new' },
    });
  });

  it('answers 409 to a command id reused with another body or by another user, and appends nothing; the same request again is a retry', async () => {
    const a = learner();
    const b = learner();
    const commandId = randomUUID();
    const mark = (agent: Agent, value: string, status: string) =>
      agent.request({ method: 'PATCH', url: '/api/dictionary/word', payload: { languageCode: 'de', word: { value, status }, commandId } });
    expect((await mark(a.agent, 'Katze', 'known')).statusCode).toBe(200);
    const count = await eventCount();
    expect(await mark(a.agent, 'Katze', 'known')).toMatchObject({ statusCode: 200 });
    // (Another word is another command: a word's event ids derive from the command id and the word.)
    for (const reused of [
      () => mark(a.agent, 'Katze', 'uncertain'),
      () => mark(b.agent, 'Katze', 'known'),
      () => mark(b.agent, 'Katze', 'uncertain'),
    ]) {
      const res = await reused();
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().message).toBe(COMMAND_ID_REUSED);
    }
    expect(await eventCount()).toBe(count);
    expect((await read(a.agent)).words).toEqual([{ value: 'katze', status: 'known' }]);
  });

  it('rebuilds the dictionary read model to the same rows', async () => {
    await t.caughtUp();
    const before = await t.platform.db('dictionary_entries').orderBy(['user_id', 'language', 'word']).select();
    await t.platform.runner.rebuild('vocabulary-dictionary');
    const after = await t.platform.db('dictionary_entries').orderBy(['user_id', 'language', 'word']).select();
    expect(after).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });
});
