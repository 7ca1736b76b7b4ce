import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PRIVATE_ARTICLE_LIMIT, IMPORT_MESSAGES as M, LIBRARY_MESSAGES, importQuotaMessage } from '@verba/contracts';
import type { TestApp } from '../../../../test-support/platform/test-app';
import type { Agent } from '../../../../test-support/platform/test-app';
import {
  createArticle,
  database,
  eventCount,
  expectProblem,
  get,
  libraryTestApp,
  onboard,
  person,
  post,
} from '../../../../test-support/contexts/library/app';
import { buildEpub, multipartForm } from '../../../../test-support/contexts/library/epub';

const settings = { languageCode: 'de', category: 'Fiction', generalDifficulty: 'B1' };
type Result = { articles: { id: string; name: string }[]; series: { id: string; title: string } | null; position?: string };

const upload = (agent: Agent, filename: string, bytes: Uint8Array, fields: Record<string, string> = settings) =>
  agent.request({
    method: 'POST',
    url: '/api/articles/import/file',
    ...multipartForm({ ...fields, commandId: randomUUID() }, { filename, bytes }),
  });

const book = () =>
  buildEpub({
    title: 'Drei kleine Geschichten',
    author: 'Anna Beispiel',
    chapters: [
      { file: 'eins.xhtml', title: 'Der Morgen', body: '<h1>Der Morgen</h1><p>Die Sonne geht auf.</p><p>Der Hund <b>bellt</b> laut.</p>' },
      { file: 'eins-b.xhtml', body: '<p>Dann frühstückt die Familie.</p>' },
      { file: 'zwei.xhtml', title: 'Der Mittag', body: '<p>Wir essen Suppe.</p><script>alert("nie")</script>' },
      { file: 'drei.xhtml', title: 'Der Abend', body: '<p>Die Sterne leuchten über dem Zelt.</p>' },
    ],
  });

/** A page with navigation, an article and a footer, served on 127.0.0.1 the way a news site is. */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Der Wald im Herbst - Zeitung</title></head><body>
<nav><a href="/">Start</a> <a href="/sport">Sport</a> <a href="/wetter">Wetter</a></nav>
<article><h1>Der Wald im Herbst</h1>
${Array.from({ length: 8 }, (_, i) => `<p>Im Herbst werden die Blätter bunt, und der Wind weht sie von den Bäumen. Absatz ${i + 1} erzählt, wie die Tiere sich auf den Winter vorbereiten und Vorräte sammeln.</p>`).join('\n')}
<script>document.body.innerHTML = 'gehackt'</script>
</article>
<footer>Impressum · Datenschutz · Kontakt</footer></body></html>`;

describe(`importing your own texts on ${database.label}`, () => {
  let t: TestApp;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/artikel') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      else if (req.url === '/umleitung') res.writeHead(302, { location: '/artikel' }).end();
      else if (req.url === '/bild') res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await libraryTestApp([], { IMPORT_ALLOWED_ADDRESSES: '127.0.0.1' });
  });
  afterAll(async () => {
    server?.close();
    await t?.close();
  });

  it('imports pasted text as a private article named by its first line, which the text does not repeat', async () => {
    const reader = person(t);
    const other = person(t);
    const res = await post(reader.agent, '/api/articles/import/text', {
      ...settings,
      text: 'Ein Brief an Oma\n\nLiebe Oma, wie geht es dir?\nMir geht es gut.',
      commandId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { articles, series } = res.json() as Result;
    expect(series).toBeNull();
    expect(articles).toEqual([{ id: expect.any(String), name: 'Ein Brief an Oma' }]);
    const article = (await get(reader.agent, `/api/articles/${articles[0]!.id}`)).json();
    expect(article).toMatchObject({
      isPrivate: true,
      isAuthor: true,
      category: 'Fiction',
      generalDifficulty: 'B1',
      content: 'Liebe Oma, wie geht es dir?\nMir geht es gut.',
    });
    expectProblem(await get(other.agent, `/api/articles/${articles[0]!.id}`), 404, LIBRARY_MESSAGES.articleNotFound);
  });

  it('cuts a text longer than one article into a private series of parts, at paragraph ends', async () => {
    const reader = person(t, 'master');
    const paragraph = `${'Das ist ein langer Satz über das Meer. '.repeat(50).trim()}`;
    const text = Array.from({ length: 120 }, () => paragraph).join('\n\n'); // about 230,000 letters
    const res = await post(reader.agent, '/api/articles/import/text', {
      ...settings,
      name: 'Das lange Meer',
      text,
      commandId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { articles, series } = res.json() as Result;
    expect(series).toMatchObject({ title: 'Das lange Meer' });
    expect(articles.map((a) => a.name)).toEqual(['Das lange Meer (1)', 'Das lange Meer (2)', 'Das lange Meer (3)']);
    const details = (await get(reader.agent, `/api/series/details/${series!.id}`)).json();
    expect(details.series).toMatchObject({ isPrivate: true, totalArticles: 3 });
    const first = (await get(reader.agent, `/api/articles/${articles[0]!.id}`)).json();
    expect(first.content.length).toBeLessThanOrEqual(100_000);
    expect(first.content.endsWith('über das Meer.')).toBe(true);
  });

  it('imports a .txt file whose first line is a title under that title, without repeating it in the text', async () => {
    const reader = person(t);
    const res = await upload(
      reader.agent,
      'notizen_2024.txt',
      strToU8('Ein Sonntag in Hamburg\r\n\r\nAm Morgen gehen wir zum Fischmarkt.\r\n\r\nAm Abend fahren wir mit dem Schiff.'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { articles } = res.json() as Result;
    expect(articles.map((a) => a.name)).toEqual(['Ein Sonntag in Hamburg']);
    const article = (await get(reader.agent, `/api/articles/${articles[0]!.id}`)).json();
    expect(article).toMatchObject({
      name: 'Ein Sonntag in Hamburg',
      content: 'Am Morgen gehen wir zum Fischmarkt.\n\nAm Abend fahren wir mit dem Schiff.',
      category: 'Fiction',
      generalDifficulty: 'B1',
    });
  });

  it('imports a .txt file that starts with a sentence under the tidied file name, keeping the sentence', async () => {
    const reader = person(t);
    const res = await upload(reader.agent, 'mein_tagebuch.txt', strToU8('Heute war ein schöner Tag.\r\n\r\nMorgen fahren wir ans Meer.'));
    expect(res.statusCode, res.body).toBe(201);
    const { articles } = res.json() as Result;
    expect(articles.map((a) => a.name)).toEqual(['Mein tagebuch']);
    expect((await get(reader.agent, `/api/articles/${articles[0]!.id}`)).json().content).toBe(
      'Heute war ein schöner Tag.\n\nMorgen fahren wir ans Meer.',
    );
  });

  it('files a text whose level the learner did not choose at their own level, and under Other', async () => {
    const learner = person(t);
    await onboard(t, learner.uid, 'de', 'A2');
    await t.caughtUp();
    const text = 'Mein erster Text\n\nIch lerne Deutsch.';
    const res = await post(learner.agent, '/api/articles/import/text', { languageCode: 'de', text, commandId: randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as Result).articles[0]!.id;
    expect((await get(learner.agent, `/api/articles/${id}`)).json()).toMatchObject({ generalDifficulty: 'A2', category: 'Other' });
    // A learner without a level in the language: B1, as before.
    const other = person(t);
    const plain = await post(other.agent, '/api/articles/import/text', {
      languageCode: 'fr',
      text: 'Mon texte\n\nJe lis.',
      commandId: randomUUID(),
    });
    expect((await get(other.agent, `/api/articles/${(plain.json() as Result).articles[0]!.id}`)).json()).toMatchObject({
      generalDifficulty: 'B1',
      category: 'Other',
    });
  });

  it('imports an EPUB: its chapters become a private series, titled from the table of contents, in reading order', async () => {
    const reader = person(t);
    const other = person(t);
    const res = await upload(reader.agent, 'geschichten.epub', book());
    expect(res.statusCode, res.body).toBe(201);
    const { articles, series } = res.json() as Result;
    expect(series).toMatchObject({ title: 'Drei kleine Geschichten' });
    expect(articles.map((a) => a.name)).toEqual(['Der Morgen', 'Der Mittag', 'Der Abend']);
    const morning = (await get(reader.agent, `/api/articles/${articles[0]!.id}`)).json();
    // The unlisted file continues the chapter before it; markup is gone, the text stays.
    expect(morning).toMatchObject({
      content: 'Der Morgen\n\nDie Sonne geht auf.\n\nDer Hund bellt laut.\n\nDann frühstückt die Familie.',
      authorDisplayName: 'Anna Beispiel',
      seriesId: series!.id,
      isPrivate: true,
    });
    const noon = (await get(reader.agent, `/api/articles/${articles[1]!.id}`)).json();
    expect(noon.content).toBe('Wir essen Suppe.');
    const details = (await get(reader.agent, `/api/series/details/${series!.id}`)).json();
    expect(details.articles.map((a: { name: string }) => a.name)).toEqual(['Der Morgen', 'Der Mittag', 'Der Abend']);
    expectProblem(await get(other.agent, `/api/series/${series!.id}`), 404, LIBRARY_MESSAGES.seriesNotFound);
    // The progress of the import stays readable for a while, to its owner only.
    const importId = randomUUID();
    const master = person(t, 'master');
    const again = await master.agent.request({
      method: 'POST',
      url: '/api/articles/import/file',
      ...multipartForm({ ...settings, commandId: importId }, { filename: 'b.epub', bytes: book() }),
    });
    expect(again.statusCode).toBe(201);
    expect((await get(master.agent, `/api/articles/import/progress?importId=${importId}`)).json()).toEqual({
      stage: 'done',
      done: 3,
      total: 3,
    });
    expectProblem(await get(other.agent, `/api/articles/import/progress?importId=${importId}`), 404, M.importNotFound);
  });

  it('imports the main text of a web page (served on 127.0.0.1), without its navigation, footer or scripts', async () => {
    const reader = person(t);
    const res = await post(reader.agent, '/api/articles/import/url', { ...settings, url: `${base}/umleitung`, commandId: randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const { articles } = res.json() as Result;
    expect(articles).toHaveLength(1);
    expect(articles[0]!.name).toContain('Der Wald im Herbst');
    const content: string = (await get(reader.agent, `/api/articles/${articles[0]!.id}`)).json().content;
    expect(content).toContain('Im Herbst werden die Blätter bunt');
    expect(content).toContain('Absatz 8');
    for (const absent of ['Sport', 'Impressum', 'gehackt', 'innerHTML']) expect(content).not.toContain(absent);
  });

  it('refuses addresses that are not web pages, with clear messages, creating nothing', async () => {
    const reader = person(t);
    const before = await eventCount(t);
    const cases: [string, number, string][] = [
      ['file:///etc/passwd', 400, M.urlInvalid],
      ['ftp://127.0.0.1/x', 400, M.urlInvalid],
      [`${base}/bild`, 400, M.notWebPage],
      [`${base}/fehlt`, 422, M.urlUnreachable],
      // Loopback, but not the one address this server allows.
      [`http://127.0.0.2:${new URL(base).port}/artikel`, 400, M.urlPrivate],
      ['http://169.254.169.254/latest/meta-data/', 400, M.urlPrivate],
    ];
    for (const [url, status, message] of cases)
      expectProblem(await post(reader.agent, '/api/articles/import/url', { ...settings, url, commandId: randomUUID() }), status, message);
    expect(await eventCount(t)).toBe(before);
  });

  it('refuses a file that is not what it claims, an empty file and a 20 MB file, creating nothing', async () => {
    const reader = person(t);
    const before = await eventCount(t);
    const renamedZip = zipSync({ 'notes.txt': strToU8('Nur eine Notiz.') });
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
    ]);
    const cases: [string, Uint8Array, number, string][] = [
      ['buch.epub', renamedZip, 400, M.notEpub],
      ['buch.epub', strToU8('Das ist kein Buch, nur Text.'), 400, M.notEpub],
      ['bild.txt', png, 400, M.notText],
      ['archiv.txt', renamedZip, 400, M.notText],
      ['leer.txt', new Uint8Array(0), 400, M.emptyFile],
      ['leer.epub', new Uint8Array(0), 400, M.emptyFile],
      ['folien.pdf', strToU8('%PDF-1.4'), 400, M.notPdf],
      ['folien.docx', strToU8('PK'), 400, M.unsupportedFile],
      ['riesig.txt', new Uint8Array(20 * 1024 * 1024).fill(0x61), 413, M.fileTooLarge],
      [
        'bilder.epub',
        buildEpub({ title: 'Nur Bilder', author: 'X', chapters: [{ file: 'a.xhtml', title: 'A', body: '<img src="a.png" alt=""/>' }] }),
        400,
        M.noText,
      ],
    ];
    for (const [filename, bytes, status, message] of cases) expectProblem(await upload(reader.agent, filename, bytes), status, message);
    expectProblem(
      await reader.agent.request({
        method: 'POST',
        url: '/api/articles/import/file',
        ...multipartForm({ ...settings, commandId: randomUUID() }),
      }),
      400,
      M.fileRequired,
    );
    expect((await upload(reader.agent, 'a.txt', strToU8('Hallo'), { ...settings, languageCode: 'xx' })).statusCode).toBe(400);
    expect(await eventCount(t)).toBe(before);
    expect((await get(reader.agent, '/api/articles/user-articles')).json().articles).toEqual([]);
  });

  it("keeps a free account's private quota: a book with more chapters than slots left is refused whole", async () => {
    const free = person(t);
    for (let i = 0; i < FREE_PRIVATE_ARTICLE_LIMIT - 1; i++) await createArticle(free.agent, { name: `Eigener Text ${i}` });
    const before = await eventCount(t);
    expectProblem(await upload(free.agent, 'geschichten.epub', book()), 403, importQuotaMessage(3, 1));
    expect(await eventCount(t)).toBe(before);
    // One article still fits.
    expect(
      (await post(free.agent, '/api/articles/import/text', { ...settings, text: 'Ein letzter Text.', commandId: randomUUID() })).statusCode,
    ).toBe(201);
    expectProblem(
      await post(free.agent, '/api/articles/import/text', { ...settings, text: 'Noch einer.', commandId: randomUUID() }),
      403,
      LIBRARY_MESSAGES.privateLimit,
    );
  });

  it('applies a retried import once (same command id)', async () => {
    const reader = person(t, 'master');
    const commandId = randomUUID();
    const form = multipartForm({ ...settings, commandId }, { filename: 'geschichten.epub', bytes: book() });
    const first = await reader.agent.request({ method: 'POST', url: '/api/articles/import/file', ...form });
    const second = await reader.agent.request({ method: 'POST', url: '/api/articles/import/file', ...form });
    const { articles, series } = first.json() as Result;
    expect(second.json()).toMatchObject({ articles, series });
    expect((await get(reader.agent, '/api/articles/user-articles')).json().articles).toHaveLength(3);
  });
});
