/**
 * Erasure end to end (issue 13): a user writes private articles, a series and flashcards, marks words,
 * rates, joins the mailing list, writes in the forum, then deletes the account. Afterwards the whole event log (data and
 * metadata), every table of the database except the event store's own bookkeeping, and the Brevo
 * adapter's recorded calls hold none of their text, email or name.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeRealPostgres, createRealTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../test-support/platform/test-app';
import { readWholeLog } from '../../test-support/platform/whole-log';
import { signUpVerified } from '../../test-support/contexts/identity/accounts';
import { accountCommands } from '../contexts/identity/module';
import type { Agent } from '../../test-support/platform/test-app';
import { allModules } from './modules';

const real = await probeRealPostgres();
/** The event store's own bookkeeping (its events are dumped through the log itself). */
const STORE_TABLES = new Set(['es_events', 'es_streams', 'knex_migrations', 'knex_migrations_lock']);

describe.skipIf(!real.available)(`erasure of everything a deleted user wrote ${real.skipReason}`, () => {
  let t: TestApp;
  let admin: Agent;
  const tag = randomUUID().slice(0, 8);
  const marker = {
    email: `zelda.${tag}@erasure.example`,
    name: `Zeldaname${tag}`,
    articleTitle: `Quokkatitle${tag}`,
    articleText: `Quokkabody${tag}`,
    translation: `Quokkatranslation${tag}`,
    author: `Quokkaauthor${tag}`,
    seriesTitle: `Wombatseries${tag}`,
    seriesText: `Wombatdescription${tag}`,
    cardFront: `Numbatfront${tag}`,
    cardBack: `Numbatback${tag}`,
    ownWord: `Bilbyword${tag}`,
    ownMeaning: `Bilbymeaning${tag}`,
    flagReason: `Dingoreason${tag}`,
    forumTitle: `Dingothread${tag}`,
    forumText: `Dingopost${tag}`,
  };

  beforeAll(async () => {
    t = await createTestApp(await createRealTestDatabase(), allModules);
    const a = await signUpVerified(t, `admin.${randomUUID()}@erasure.example`, 'Correct-horse-9', 'Admin');
    await accountCommands(t.deps).changeRole(a.uid, 'Admin', a.uid);
    admin = a.agent;
  }, 120_000);
  afterAll(async () => t?.close());

  async function dumpEverything(): Promise<string> {
    const log = await readWholeLog(t.platform.store);
    const parts = log.map((e) => `${e.streamId} ${e.type} ${JSON.stringify(e.data)} ${JSON.stringify(e.metadata)}`);
    const tables: string[] = (
      await t.platform.db.raw(`select table_schema || '.' || table_name as name from information_schema.tables
                                where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`)
    ).rows.map((r: { name: string }) => r.name);
    for (const table of tables) {
      if (STORE_TABLES.has(table.split('.')[1]!)) continue;
      const { rows } = await t.platform.db.raw(`select coalesce(string_agg(row_to_json(x)::text, E'\\n'), '') as dump from ${table} x`);
      parts.push(`${table}: ${rows[0].dump}`);
    }
    const calls = await admin.request({ method: 'GET', url: '/api/admin/brevo/calls' });
    expect(calls.statusCode).toBe(200);
    parts.push(calls.body);
    return parts.join('\n');
  }

  it('leaves none of their text, email or name in the log, the read models or the processor', async () => {
    const { agent, uid } = await signUpVerified(t, marker.email, 'Correct-horse-9', marker.name);
    const ok = async (res: { statusCode: number; body: string }, status = 200) => {
      expect(res.statusCode, res.body).toBe(status);
      return JSON.parse(res.body);
    };
    const series = await ok(
      await agent.request({
        method: 'POST',
        url: '/api/series/create',
        payload: { languageCode: 'de', title: marker.seriesTitle, description: marker.seriesText, authorDisplayName: marker.author },
      }),
      201,
    );
    const seriesId = series.series.id as string;
    const articles: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await ok(
        await agent.request({
          method: 'POST',
          url: '/api/articles/create',
          payload: {
            languageCode: 'de',
            name: `${marker.articleTitle} ${i}`,
            category: 'Travel',
            generalDifficulty: 'A2',
            content: `Das ist ${marker.articleText} und das Meer ist blau.`,
            translation: marker.translation,
            authorDisplayName: marker.author,
            seriesId,
          },
        }),
        201,
      );
      articles.push(created.article.id);
    }
    await ok(await agent.request({ method: 'POST', url: '/api/articles/rating', payload: { articleId: articles[0], rate: 4 } }));
    await ok(
      await agent.request({
        method: 'POST',
        url: '/api/articles/bookmark',
        payload: { articleId: articles[0], pageNumber: 1, totalPages: 2 },
      }),
    );
    // A flag for review of someone else's article carries the reader's reason.
    const others = await ok(
      await admin.request({
        method: 'POST',
        url: '/api/articles/create',
        payload: {
          languageCode: 'de',
          name: 'Öffentlich',
          category: 'Travel',
          generalDifficulty: 'A1',
          content: 'Das Meer ist blau.',
          isPrivate: false,
        },
      }),
      201,
    );
    await ok(
      await agent.request({
        method: 'POST',
        url: '/api/articles/add-flagged',
        payload: { articleIds: [others.article.id], reason: marker.flagReason },
      }),
    );
    await ok(
      await agent.request({
        method: 'POST',
        url: '/api/flashcards/one',
        payload: {
          languageCode: 'de',
          flashcard: {
            sourceValue: marker.cardFront,
            targetValue: marker.cardBack,
            origin: 'article',
            originId: articles[0],
            originName: `${marker.articleTitle} 0`,
          },
        },
      }),
      201,
    );
    await ok(
      await agent.request({
        method: 'PATCH',
        url: '/api/dictionary/word',
        payload: { languageCode: 'de', word: { value: 'Meer', status: 'known' } },
      }),
    );
    await ok(
      await agent.request({
        method: 'POST',
        url: '/api/translation/meanings',
        payload: { languageCode: 'de', word: marker.ownWord, meaning: marker.ownMeaning },
      }),
    );
    await ok(await agent.request({ method: 'POST', url: '/api/brevo/create-user', payload: { email: marker.email, name: marker.name } }));
    const thread = await ok(
      await agent.request({
        method: 'POST',
        url: '/api/forum/threads',
        payload: { commandId: randomUUID(), language: 'de', title: marker.forumTitle, body: marker.forumText },
      }),
      201,
    );
    const forumAuthor = async () =>
      (await ok(await admin.request({ method: 'GET', url: `/api/forum/threads/${thread.threadId}` }))).posts[0].author as string;
    await t.caughtUp();
    // Others see the author by the name identity holds (the forum keeps no copy of it).
    expect(await forumAuthor()).toBe(marker.name);

    // Before: the markers are there (the test can see them), the text readable to its author.
    const before = await dumpEverything();
    expect(before).toContain(marker.articleText);
    expect(before).toContain(marker.email);
    expect(before).toContain(marker.ownMeaning);
    expect(before).toContain(marker.flagReason);
    const read = await ok(await agent.request({ method: 'GET', url: `/api/articles/${articles[0]}` }));
    expect(JSON.stringify(read)).toContain(marker.articleText);
    // The log itself holds what they wrote only sealed.
    const log = (await readWholeLog(t.platform.store)).map((e) => JSON.stringify(e.data)).join('\n');
    for (const value of [
      marker.articleText,
      marker.articleTitle,
      marker.seriesTitle,
      marker.cardFront,
      marker.author,
      marker.translation,
      marker.ownWord,
      marker.ownMeaning,
      marker.flagReason,
    ]) {
      expect(log, value).not.toContain(value);
    }

    await ok(await agent.request({ method: 'DELETE', url: '/api/user' }));
    await t.caughtUp();
    // The reactors follow the log after the projections: wait for the processor's deletion.
    for (let i = 0; i < 200; i++) {
      const calls = (await admin.request({ method: 'GET', url: '/api/admin/brevo/calls' })).json().calls as {
        operation: string;
        request: { extId?: string };
      }[];
      if (calls.some((c) => c.operation === 'deleteContact' && c.request.extId === uid)) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    expect(await forumAuthor()).toBe('Deleted account');
    const after = await dumpEverything();
    expect(after).toMatch(/deleteContact/);
    for (const [what, value] of Object.entries(marker)) {
      expect(after.toLowerCase(), what).not.toContain(value.toLowerCase());
    }
  }, 120_000);
});
