import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { formatPosition } from '../../../platform/event-store/port';
import { ArticleRead, readStream } from '../events';
import { createArticle, database, get, libraryTestApp, person, post, type Person } from '../../../../test-support/contexts/library/app';

describe(`sentences for a card from the learner's reading on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  const publicArticle = async (name: string, content: string) => {
    const admin = person(t, 'free', 'Admin');
    const res = await post(admin.agent, '/api/admin/library/articles', {
      languageCode: 'de',
      name,
      category: 'Travel',
      generalDifficulty: 'A2',
      content,
      isPrivate: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.caughtUp();
    return res.json().articleId as string;
  };
  const read = async (who: Person, articleId: string) => {
    const res = await who.agent.request({ method: 'PATCH', url: '/api/articles/totalReads', payload: { articleId, language: 'de' } });
    return res;
  };
  const sentences = async (who: Person, word: string, position?: string) => {
    const q = new URLSearchParams({ languageCode: 'de', word, ...(position ? { minPosition: position } : {}) });
    const res = await get(who.agent, `/api/articles/sentences?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sentences as { sentence: string; articleId: string; title: string }[];
  };

  it('finds the word and forms of its family in the texts the learner read, newest read first, two a text at most', async () => {
    const tag = randomUUID().slice(0, 8);
    const walk = await publicArticle(
      `Spaziergang ${tag}`,
      'Gestern ging er in den Park. Der Park ist groß. Er ging weiter. Dann ging er heim.',
    );
    const home = await publicArticle(`Zuhause ${tag}`, 'Wir gehen nach Hause. Morgen geht es los.');
    const unread = await publicArticle(`Ungelesen ${tag}`, 'Sie gehen ins Kino.');
    const learner = person(t);
    await read(learner, walk);
    const last = await read(learner, home);
    expect(last.statusCode, last.body).toBe(200);

    const found = await sentences(learner, 'gehen', last.json().position);
    expect(found).toEqual([
      { sentence: 'Wir gehen nach Hause.', articleId: home, title: `Zuhause ${tag}` },
      { sentence: 'Morgen geht es los.', articleId: home, title: `Zuhause ${tag}` },
      { sentence: 'Gestern ging er in den Park.', articleId: walk, title: `Spaziergang ${tag}` },
      { sentence: 'Er ging weiter.', articleId: walk, title: `Spaziergang ${tag}` },
    ]);
    // A text the learner never read is never quoted, though it has the word.
    expect(found.map((s) => s.articleId)).not.toContain(unread);
    // Nobody else's reading counts: another learner who read nothing finds nothing.
    expect(await sentences(person(t), 'gehen')).toEqual([]);
    // A word in none of the texts read.
    expect(await sentences(learner, 'Katze')).toEqual([]);
  });

  it("quotes the learner's own private text, never another learner's", async () => {
    const tag = randomUUID().slice(0, 8);
    const owner = person(t);
    const other = person(t);
    const secret = (await createArticle(owner.agent, { name: `Geheim ${tag}`, content: 'Mein Haus ist geheim.', isPrivate: true })).article
      .id;
    const mine = (await createArticle(other.agent, { name: `Meins ${tag}`, content: 'Unser Haus ist klein.', isPrivate: true })).article.id;
    await t.caughtUp();
    await read(owner, secret);
    expect((await read(other, secret)).statusCode).toBe(404);
    const own = await read(other, mine);
    // Even a read on record of a text the learner may not open (another's private one) is not quoted.
    const { position } = await t.deps.store.append(
      readStream(other.uid, secret, '2026-03-02'),
      [
        {
          id: randomUUID(),
          type: ArticleRead.type,
          version: ArticleRead.version,
          data: { userId: other.uid, articleId: secret, language: 'de', day: '2026-03-02', at: new Date().toISOString() },
        },
      ],
      'any',
    );
    await t.caughtUp();
    expect(own.statusCode).toBe(200);

    expect(await sentences(other, 'das Haus', formatPosition(position))).toEqual([
      { sentence: 'Unser Haus ist klein.', articleId: mine, title: `Meins ${tag}` },
    ]);
    expect((await sentences(owner, 'Haus')).map((s) => s.sentence)).toEqual(['Mein Haus ist geheim.']);
  });

  it('answers 400 without a word and 401 without a session', async () => {
    const learner = person(t);
    const bad = await get(learner.agent, '/api/articles/sentences?languageCode=de&word=%20');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Required');
    expect((await get(t.agent(), '/api/articles/sentences?languageCode=de&word=Haus')).statusCode).toBe(401);
  });
});
