/**
 * Regressions of the hardening probe (issue 13), on the whole app: each case failed before its fix.
 * Text with NUL or a lone surrogate is refused before any route sees it, the dev mailbox answers for one
 * address only, a made-up minPosition is refused at once, and every answer carries the security headers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '@verba/contracts/domain';
import { DEV_MAILBOX_TO_REQUIRED } from '@verba/contracts/http';
import { NOT_IN_LOG } from '../platform/http/read-your-writes';
import { API_POLICY } from '../platform/http/security-headers';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { signUpVerified } from '../../test-support/contexts/identity/accounts';
import { appendedBy } from '../../test-support/platform/whole-log';
import { allModules } from './modules';

const database = await preferredTestDatabase();

describe(`hardening regressions on ${database.label}`, () => {
  let t: TestApp;
  let learner: Agent;

  beforeAll(async () => {
    t = await createTestApp(await database.create(), allModules);
    ({ agent: learner } = await signUpVerified(t, `hardening-${randomUUID()}@example.org`, 'Correct-horse-9', 'Hard Ening'));
    await t.caughtUp();
  }, 120_000);
  afterAll(async () => t?.close());

  const bad = { nul: 'Wort\u0000', loneHigh: 'Wort\uD800', loneLow: '\uDC00Wort' };
  const writes = (text: string) => [
    { method: 'PATCH' as const, url: '/api/dictionary/word', payload: { languageCode: 'de', word: { value: text, status: 'known' } } },
    {
      method: 'POST' as const,
      url: '/api/flashcards/one',
      payload: { languageCode: 'de', flashcard: { sourceValue: text, targetValue: 'word' } },
    },
    { method: 'POST' as const, url: '/api/series/create', payload: { languageCode: 'de', title: text, isPrivate: true } },
    {
      method: 'POST' as const,
      url: '/api/articles/create',
      payload: { languageCode: 'de', name: text, category: 'Travel', generalDifficulty: 'A2', content: 'Ein Text.', isPrivate: true },
    },
    { method: 'PATCH' as const, url: '/api/user', payload: { name: text } },
  ];

  it('refuses NUL and lone surrogates in any text field with 400 and the reason, appending nothing', async () => {
    for (const text of Object.values(bad)) {
      for (const write of writes(text)) {
        const requestId = `hardening-${randomUUID()}`;
        const res = await learner.request({ ...write, headers: { 'x-request-id': requestId } });
        expect(res.statusCode, `${write.method} ${write.url} ${JSON.stringify(text)}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(UNSAFE_TEXT_MESSAGE);
        expect(await appendedBy(t.platform.db, requestId)).toBe(0);
      }
    }
    const profile = (await learner.request({ method: 'GET', url: '/api/user' })).json();
    expect(JSON.stringify(profile)).not.toContain('\\u0000');
  });

  it('counts what an accepted write appended, so a refusal that appended would be seen', async () => {
    for (const write of writes(`Wort${randomUUID().slice(0, 6)}`)) {
      const requestId = `hardening-${randomUUID()}`;
      const res = await learner.request({ ...write, headers: { 'x-request-id': requestId } });
      expect(res.statusCode, `${write.method} ${write.url}: ${res.body}`).toBeLessThan(300);
      expect(await appendedBy(t.platform.db, requestId), `${write.method} ${write.url}`).toBeGreaterThan(0);
    }
  });

  it('refuses NUL in a query string too (the dev mailbox used to answer 500)', async () => {
    const res = await t.agent().request({ method: 'GET', url: '/api/dev/mailbox?to=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('shows the dev mailbox of one address only: without ?to= it lists nothing', async () => {
    const res = await t.agent().request({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DEV_MAILBOX_TO_REQUIRED);
    expect(res.body).not.toContain('token=');
  });

  it('refuses a minPosition the log never had at once, instead of waiting and answering 503', async () => {
    const started = Date.now();
    const res = await learner.request({ method: 'GET', url: '/api/dictionary?languageCode=de&minPosition=99999999999.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_IN_LOG);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const res of [
      await learner.request({ method: 'GET', url: '/api/user' }),
      await t.agent().request({ method: 'GET', url: '/api/user' }),
      await t.agent().request({ method: 'GET', url: '/api/nothing-here' }),
    ]) {
      expect(res.headers['content-security-policy']).toBe(API_POLICY);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    }
  });
});
