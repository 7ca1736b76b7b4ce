import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TotalReadsRebuildSchema, type TotalReadsRebuild } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { database, eventCount, get, libraryTestApp, person } from '../../../../test-support/contexts/library/app';

const PATH = '/api/migrations/addArticlesTotalRead';

describe(`PATCH migrations/addArticlesTotalRead (the total reads rebuilt from the log) on ${database.label}`, () => {
  let t: TestApp;
  const liveReads = async () =>
    Object.fromEntries(
      ((await t.platform.db('library_articles').select('id', 'total_reads')) as { id: string; total_reads: number }[]).map((r) => [
        r.id,
        r.total_reads,
      ]),
    );
  const generation = async () =>
    Number((await t.platform.db('projection_state').where({ name: 'library-articles' }).first()).active_generation);

  beforeAll(async () => {
    t = await libraryTestApp();
    // Reads of three readers: two articles read, one of them by two readers (counted once a day per reader).
    const articles = (await get(person(t).agent, '/api/articles?languageCode=fr')).json().articles as { id: string }[];
    for (const [reader, ids] of [
      [person(t), [articles[0]!.id, articles[1]!.id]],
      [person(t), [articles[0]!.id]],
      [person(t), [articles[0]!.id, articles[0]!.id]],
    ] as const) {
      for (const articleId of ids)
        await reader.agent.request({ method: 'PATCH', url: '/api/articles/totalReads', payload: { articleId, language: 'fr' } });
    }
    await t.caughtUp();
  });
  afterAll(async () => t?.close());

  it('is refused to learners and anonymous callers, who start nothing', async () => {
    const learner = person(t);
    const before = await generation();
    expect((await learner.agent.request({ method: 'PATCH', url: PATH })).statusCode).toBe(403);
    expect((await get(learner.agent, PATH)).statusCode).toBe(403);
    expect((await t.agent().request({ method: 'PATCH', url: PATH })).statusCode).toBe(401);
    expect((await get(person(t, 'free', 'Admin').agent, PATH)).json()).toMatchObject({ state: 'not-started', startedAt: null });
    expect(await generation()).toBe(before);
  });

  it("rebuilds the model from the log to done, with the live model's figures, and appends no event", async () => {
    const admin = person(t, 'free', 'Admin');
    const before = await liveReads();
    const events = await eventCount(t);
    const oldGeneration = await generation();
    expect(
      Object.values(before)
        .filter((n) => n > 0)
        .sort(),
    ).toEqual([1, 3]);

    const started = await admin.agent.request({ method: 'PATCH', url: PATH });
    expect(started.statusCode).toBe(202);
    expect(TotalReadsRebuildSchema.parse(started.json())).toMatchObject({ state: 'running', finishedAt: null });
    // A second start while it runs starts nothing new: it answers the same rebuild.
    const again = await admin.agent.request({ method: 'PATCH', url: PATH });
    expect([again.statusCode, again.json().startedAt]).toEqual([202, started.json().startedAt]);

    let status: TotalReadsRebuild = started.json();
    for (let i = 0; i < 200 && status.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = TotalReadsRebuildSchema.parse((await get(admin.agent, PATH)).json());
    }
    expect(status.state).toBe('done');
    expect(status.eventsRead).toBe(events);
    expect(status.generation).toBeGreaterThan(oldGeneration);
    expect(await generation()).toBe(status.generation);
    // The rebuilt model equals the live one it replaced, article for article; the figures say so too.
    expect(await liveReads()).toEqual(before);
    expect(status.articles).toBe(Object.keys(before).length);
    expect(status.totalReads).toBe(4);
    expect(await eventCount(t)).toBe(events);
  });

  it('the live projection follows the new generation: a read after the rebuild counts', async () => {
    const reader = person(t);
    const articleId = (await get(reader.agent, '/api/articles?languageCode=fr')).json().articles[2].id as string;
    const read = await reader.agent.request({ method: 'PATCH', url: '/api/articles/totalReads', payload: { articleId, language: 'fr' } });
    const last = await get(reader.agent, `/api/articles/last-articles?languageCode=fr&minPosition=${read.json().position}`);
    expect(last.json().articles[0]).toMatchObject({ id: articleId, totalReads: 1 });
  });
});
