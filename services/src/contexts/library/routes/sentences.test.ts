import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_IDS } from '@verba/contracts';
import { coursesModule } from '../../../../test-support/courses';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { formatPosition } from '../../../platform/event-store/port';
import { ArticleRead, readStream } from '../events';
import { createArticle, database, get, libraryTestApp, person, post, type Person } from '../../../../test-support/contexts/library/app';

describe(`sentences for a card from the learner's reading on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Learning owns the courses: it gives the chapters a learner read through the platform's chapter reading port.
    const courses = await coursesModule();
    t = await libraryTestApp([courses]);
    await courses.seed!(t.deps);
    await t.caughtUp();
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
    return res.json().sentences as {
      sentence: string;
      origin: 'article' | 'chapter';
      originId: string;
      articleId?: string;
      title: string;
    }[];
  };
  const admin = () => person(t, 'free', 'Admin');
  /** A lesson of its own in the German demo course, for the chapters a test adds. */
  const lesson = async (title: string) => {
    const res = await post(admin().agent, `/api/admin/courses/${COURSE_IDS.de}/lessons`, { title });
    expect(res.statusCode, res.body).toBe(201);
    await t.caughtUp();
    return res.json().lessonId as string;
  };
  const chapter = async (lessonId: string, title: string, text: string) => {
    const res = await post(admin().agent, `/api/admin/courses/lessons/${lessonId}/chapters`, {
      title,
      text,
      vocabulary: [{ word: 'gehen', translation: 'to go' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.caughtUp();
    return res.json().chapterId as string;
  };
  const complete = async (who: Person, chapterId: string) => {
    const res = await post(who.agent, '/api/courses/progress/add', { chapterId, languageCode: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().position as string;
  };
  const flags = async (chapterId: string, payload: { visible?: boolean; premium?: boolean }) => {
    const res = await admin().agent.request({ method: 'PATCH', url: `/api/admin/courses/chapters/${chapterId}/flags`, payload });
    expect(res.statusCode, res.body).toBe(200);
    await t.caughtUp();
  };
  const fromArticle = (sentence: string, articleId: string, title: string) => ({
    sentence,
    origin: 'article',
    originId: articleId,
    articleId,
    title,
  });
  const fromChapter = (sentence: string, chapterId: string, title: string) => ({ sentence, origin: 'chapter', originId: chapterId, title });

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
      fromArticle('Wir gehen nach Hause.', home, `Zuhause ${tag}`),
      fromArticle('Morgen geht es los.', home, `Zuhause ${tag}`),
      fromArticle('Gestern ging er in den Park.', walk, `Spaziergang ${tag}`),
      fromArticle('Er ging weiter.', walk, `Spaziergang ${tag}`),
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
      fromArticle('Unser Haus ist klein.', mine, `Meins ${tag}`),
    ]);
    expect((await sentences(owner, 'Haus')).map((s) => s.sentence)).toEqual(['Mein Haus ist geheim.']);
  });

  it('quotes the chapters the learner completed, linking to the chapter, among the articles by when each was read: five at most, two a text', async () => {
    const tag = randomUUID().slice(0, 8);
    const lessonId = await lesson(`Lektion ${tag}`);
    const park = await chapter(lessonId, `Im Park ${tag}`, 'Wir gehen in den Park.\n\nDer Hund geht mit. Dann gehen wir heim.');
    const cinema = await chapter(lessonId, `Im Kino ${tag}`, 'Sie gehen ins Kino. Das Kino ist voll.');
    const oldest = await publicArticle(`Kurz ${tag}`, 'Du gehst zu schnell.');
    const school = await publicArticle(`Schule ${tag}`, 'Er ging nach Hause. Sie geht zur Schule. Wir gingen weiter.');
    const fast = await publicArticle(`Schnell ${tag}`, 'Ihr geht schnell.');
    const learner = person(t);
    await read(learner, oldest);
    await read(learner, school);
    await complete(learner, park);
    const last = await read(learner, fast);
    expect(last.statusCode, last.body).toBe(200);

    expect(await sentences(learner, 'gehen', last.json().position)).toEqual([
      fromArticle('Ihr geht schnell.', fast, `Schnell ${tag}`),
      fromChapter('Wir gehen in den Park.', park, `Im Park ${tag}`),
      fromChapter('Der Hund geht mit.', park, `Im Park ${tag}`),
      fromArticle('Er ging nach Hause.', school, `Schule ${tag}`),
      fromArticle('Sie geht zur Schule.', school, `Schule ${tag}`),
    ]);
    // A chapter the learner never completed is never quoted, though it has the word.
    expect(await sentences(learner, 'Kino')).toEqual([]);
    // Read again later (completed now), the chapter comes first; the oldest article's sentence is the fifth no more.
    const again = await complete(learner, cinema);
    expect(await sentences(learner, 'gehen', again)).toEqual([
      fromChapter('Sie gehen ins Kino.', cinema, `Im Kino ${tag}`),
      fromArticle('Ihr geht schnell.', fast, `Schnell ${tag}`),
      fromChapter('Wir gehen in den Park.', park, `Im Park ${tag}`),
      fromChapter('Der Hund geht mit.', park, `Im Park ${tag}`),
      fromArticle('Er ging nach Hause.', school, `Schule ${tag}`),
    ]);
    // Nobody else's completions count.
    expect(await sentences(person(t), 'gehen')).toEqual([]);
  });

  it('quotes a premium chapter to Master only, and a hidden chapter to no learner', async () => {
    const tag = randomUUID().slice(0, 8);
    const boat = await chapter(await lesson(`Boote ${tag}`), `Am See ${tag}`, 'Das Boot ist alt. Es regnet.');
    const free = person(t);
    const master = person(t, 'master');
    await complete(free, boat);
    const completed = await complete(master, boat);
    const quoted = [fromChapter('Das Boot ist alt.', boat, `Am See ${tag}`)];
    expect(await sentences(free, 'Boot', completed)).toEqual(quoted);

    // Made premium since: the chapter page refuses it to a Free learner, so its sentences are not quoted to them.
    await flags(boat, { premium: true });
    expect(await sentences(free, 'Boot')).toEqual([]);
    expect(await sentences(master, 'Boot')).toEqual(quoted);

    // Hidden: no learner may open it.
    await flags(boat, { visible: false });
    expect(await sentences(master, 'Boot')).toEqual([]);
  });

  it('answers 400 without a word and 401 without a session', async () => {
    const learner = person(t);
    const bad = await get(learner.agent, '/api/articles/sentences?languageCode=de&word=%20');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Required');
    expect((await get(t.agent(), '/api/articles/sentences?languageCode=de&word=Haus')).statusCode).toBe(401);
  });
});
