import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PROMPT_MESSAGES as M } from '@verba/contracts';
import { ADMIN_ONLY } from '../../platform/http/routes';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { DEFAULT_PROMPTS } from './domain/default-prompts';
import { createTranslationModule } from './module';

const database = await preferredTestDatabase();
const eventCount = async (t: TestApp) => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
const as = (t: TestApp, role = 'User') => t.agent().setCookies(testUserCookies(randomUUID(), role));
const post = (agent: Agent, url: string, payload: unknown) =>
  agent.request({ method: 'POST', url: `/api/admin/prompts/${url}`, payload: payload as object });

describe(`admin prompt tools (restore, test-ai) on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, createTranslationModule()]);
    admin = as(t, 'Admin');
  });
  afterAll(async () => t?.close());

  it('is for admins only, and a refusal appends nothing', async () => {
    const before = await eventCount(t);
    for (const [url, payload] of [
      ['translation/restore', { version: 0 }],
      ['translation/test', { text: 'Brot' }],
    ] as const) {
      const res = await post(as(t), url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(ADMIN_ONLY);
    }
    expect(await eventCount(t)).toBe(before);
  });

  it('restores an old version as a new version with its text', async () => {
    await admin.request({
      method: 'POST',
      url: '/api/translation-ai/prompts/update',
      payload: { kind: 'multiWord', prompt: 'Version one.' },
    });
    await admin.request({
      method: 'POST',
      url: '/api/translation-ai/prompts/update',
      payload: { kind: 'multiWord', prompt: 'Version two.' },
    });
    await t.caughtUp();
    const restored = await post(admin, 'multiWord/restore', { version: 1 });
    expect(restored.json()).toMatchObject({ changed: true, version: 1 });
    const versions = (
      await admin.request({
        method: 'GET',
        url: `/api/translation-ai/prompts/history?kind=multiWord&minPosition=${restored.json().position}`,
      })
    ).json().versions;
    expect(versions.map((v: { version: number; prompt: string }) => [v.version, v.prompt])).toEqual([
      [3, 'Version one.'],
      [2, 'Version two.'],
      [1, 'Version one.'],
    ]);
    const toDefault = await post(admin, 'multiWord/restore', { version: 0 });
    expect(toDefault.json()).toMatchObject({ changed: true, version: 0 });
  });

  it('serves the version history from the cache until a save is projected (spec §9: admin data kept 1000 s)', async () => {
    const save = (prompt: string) =>
      admin.request({ method: 'POST', url: '/api/translation-ai/prompts/update', payload: { kind: 'publicArticleCheck', prompt } });
    const history = async (minPosition?: string) =>
      (
        await admin.request({
          method: 'GET',
          url: `/api/translation-ai/prompts/history?kind=publicArticleCheck${minPosition ? `&minPosition=${minPosition}` : ''}`,
        })
      )
        .json()
        .versions.map((v: { prompt: string }) => v.prompt);
    expect(await history((await save('Erste Fassung.')).json().position)).toEqual(['Erste Fassung.']);
    await t.caughtUp(); // earlier tests' saves are projected, their invalidations done
    // Behind the projector's back the read model changes: the repeated read does not query it again...
    await t.platform.db('translation_prompt_versions').where({ kind: 'publicArticleCheck' }).update({ prompt: 'Hinterrücks.' });
    expect(await history()).toEqual(['Erste Fassung.']);
    // ...until a save is projected: the admin reads it at once.
    expect(await history((await save('Zweite Fassung.')).json().position)).toEqual(['Zweite Fassung.', 'Hinterrücks.']);
  });

  it('refuses an unknown version or kind and a missing sample with clear messages, appending nothing', async () => {
    const before = await eventCount(t);
    const missing = await post(admin, 'translation/restore', { version: 99 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.versionNotFound);
    const kind = await post(admin, 'nonsense/restore', { version: 1 });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toBe('Unknown prompt kind');
    const empty = await post(admin, 'translation/test', { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.sampleRequired);
    expect(await eventCount(t)).toBe(before);
  });

  it('runs the current prompt, a draft or a version on a sample beside the version before it, with durations', async () => {
    const saved = await admin.request({
      method: 'POST',
      url: '/api/translation-ai/prompts/update',
      payload: { kind: 'translation', prompt: 'Translate word by word.' },
    });
    await t.caughtUp();
    const current = await post(admin, 'translation/test', { text: 'Brot', languageCode: 'de' });
    expect(current.statusCode, current.body).toBe(200);
    const body = current.json();
    expect(body.run).toMatchObject({ version: 1, prompt: 'Translate word by word.', found: true });
    expect(body.run.data.toLowerCase()).toContain('bread');
    expect(body.run.duration_s).toBeGreaterThanOrEqual(0);
    expect(body.previous).toMatchObject({ version: 0, prompt: DEFAULT_PROMPTS.translation, found: true });

    const draft = (await post(admin, 'translation/test', { text: 'Brot', prompt: 'A draft prompt.', languageCode: 'de' })).json();
    expect(draft.run).toMatchObject({ version: null, prompt: 'A draft prompt.' });
    expect(draft.previous).toMatchObject({ version: 1 });

    const first = (await post(admin, 'translation/test', { text: 'Brot', version: 0 })).json();
    expect(first.previous).toBeNull();
    expect(saved.statusCode).toBe(200);

    const check = (await post(admin, 'publicArticleCheck/test', { text: 'Ein freundlicher Text über das Meer.' })).json();
    expect(check.run.data).toBe('Accepted');
  });
});
