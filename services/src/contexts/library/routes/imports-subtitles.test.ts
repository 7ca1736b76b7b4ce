import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M } from '@verba/contracts';
import type { Agent, TestApp } from '../../../../test-support/platform/test-app';
import { database, eventCount, expectProblem, get, libraryTestApp, person } from '../../../../test-support/contexts/library/app';
import { multipartForm } from '../../../../test-support/contexts/library/epub';

const settings = { languageCode: 'de', category: 'Fiction', generalDifficulty: 'B1' };
type Result = { articles: { id: string; name: string }[]; series: { id: string; title: string } | null };
type Article = { name: string; content: string; cues?: { start: number; end: number }[] };

const upload = (agent: Agent, filename: string, bytes: Uint8Array, fields: Record<string, string> = settings) =>
  agent.request({
    method: 'POST',
    url: '/api/articles/import/file',
    ...multipartForm({ ...fields, commandId: randomUUID() }, { filename, bytes }),
  });
const utf8 = (text: string) => new TextEncoder().encode(text);

/** SRT with styling tags (HTML and ASS), CRLF line ends, cues out of order and two that overlap. */
const SRT = [
  '1',
  '00:00:01,000 --> 00:00:03,500',
  '{\\an8}<i>Guten Morgen, Anna!</i>',
  '',
  '3',
  '00:00:07,000 --> 00:00:09,000',
  '<font color="#ffff00">Ich habe heute keine Zeit.</font>',
  '',
  '2',
  '00:00:04,000 --> 00:00:07,500',
  '<b>Wie geht es dir?</b>',
  'Hast du Zeit für einen Kaffee?',
  '',
].join('\r\n');

/** YouTube's automatic captions: roll-up cues repeat the line before, with word timestamps and class spans. */
const ROLL_UP_VTT = `WEBVTT
Kind: captions
Language: de

00:00:00.320 --> 00:00:02.750 align:start position:0%
 
hallo<00:00:00.640><c> und</c><00:00:01.120><c> willkommen</c><00:00:01.500><c> in</c><00:00:01.900><c> meinem</c><00:00:02.300><c> kanal</c>

00:00:02.750 --> 00:00:02.760 align:start position:0%
hallo und willkommen in meinem kanal
 

00:00:02.760 --> 00:00:05.510 align:start position:0%
hallo und willkommen in meinem kanal
heute<00:00:03.040><c> kochen</c><00:00:03.360><c> wir</c><00:00:03.700><c> eine</c><00:00:04.100><c> suppe</c>

00:00:05.510 --> 00:00:05.520 align:start position:0%
heute kochen wir eine suppe
 

00:00:05.520 --> 00:00:08.000 align:start position:0%
heute kochen wir eine suppe
<v Koch>mit</v><00:00:06.000><c> kartoffeln</c><00:00:06.500><c> und</c><00:00:07.000><c> karotten</c>
`;

describe(`importing subtitles (.srt, .vtt) with their timings on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports an .srt: one line a cue, tags dropped, cues sorted, an overlap ended where the next cue starts', async () => {
    const reader = person(t);
    const res = await upload(reader.agent, 'kaffee_am_morgen.srt', utf8(SRT));
    expect(res.statusCode, res.body).toBe(201);
    const { articles, series } = res.json() as Result;
    expect(series).toBeNull();
    expect(articles).toEqual([{ id: expect.any(String), name: 'Kaffee am morgen' }]);
    const article = (await get(reader.agent, `/api/articles/${articles[0]!.id}`)).json() as Article;
    expect(article.content).toBe('Guten Morgen, Anna!\n\nWie geht es dir? Hast du Zeit für einen Kaffee?\n\nIch habe heute keine Zeit.');
    expect(article.cues).toEqual([
      { start: 1, end: 3.5 },
      { start: 4, end: 7 },
      { start: 7, end: 9 },
    ]);
  });

  it('imports a .vtt of roll-up captions: each line once, with the time it was first shown until it scrolled away', async () => {
    const reader = person(t);
    const res = await upload(reader.agent, 'suppe.vtt', utf8(ROLL_UP_VTT));
    expect(res.statusCode, res.body).toBe(201);
    const { articles } = res.json() as Result;
    const article = (await get(reader.agent, `/api/articles/${articles[0]!.id}`)).json() as Article;
    expect(article.content).toBe('hallo und willkommen in meinem kanal\n\nheute kochen wir eine suppe\n\nmit kartoffeln und karotten');
    expect(article.cues).toEqual([
      { start: 0.32, end: 2.76 },
      { start: 2.76, end: 5.52 },
      { start: 5.52, end: 8 },
    ]);
  });

  it('keeps each part its own lines’ timings when long subtitles become a series of articles', async () => {
    const reader = person(t, 'master');
    const line = (i: number) => `Das ist die Zeile Nummer ${i}, und sie erzählt von dem langen Weg durch den dunklen Wald bis zum Meer.`;
    const count = 1500; // about 160,000 letters: two parts
    const time = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
    const vtt = `WEBVTT\n\n${Array.from({ length: count }, (_, i) => `${time(i * 2)} --> ${time(i * 2 + 1)}\n${line(i)}`).join('\n\n')}\n`;
    const res = await upload(reader.agent, 'der_lange_weg.vtt', utf8(vtt));
    expect(res.statusCode, res.body).toBe(201);
    const { articles, series } = res.json() as Result;
    expect(series).toMatchObject({ title: 'Der lange weg' });
    expect(articles.map((a) => a.name)).toEqual(['Der lange weg (1)', 'Der lange weg (2)']);
    const [first, second] = await Promise.all(
      articles.map(async (a) => (await get(reader.agent, `/api/articles/${a.id}`)).json() as Article),
    );
    const firstLines = first!.content.split('\n\n');
    const secondLines = second!.content.split('\n\n');
    expect(firstLines.length + secondLines.length).toBe(count);
    expect(first!.cues).toHaveLength(firstLines.length);
    expect(second!.cues).toHaveLength(secondLines.length);
    // The second part starts with the line after the first part's last, at that line's own time.
    const n = firstLines.length;
    expect(secondLines[0]).toBe(line(n));
    expect(second!.cues![0]).toEqual({ start: n * 2, end: n * 2 + 1 });
    expect(first!.cues![n - 1]).toEqual({ start: (n - 1) * 2, end: (n - 1) * 2 + 1 });
  });

  it('shows no timings for an article that was not imported from subtitles', async () => {
    const reader = person(t);
    const res = await upload(reader.agent, 'notiz.txt', utf8('Ein kurzer Text.\n\nNoch ein Satz.'));
    const article = (await get(reader.agent, `/api/articles/${(res.json() as Result).articles[0]!.id}`)).json() as Article;
    expect(article.cues).toBeUndefined();
  });

  it('refuses a wrong encoding, broken timings, subtitles in another language and files without cues, creating nothing', async () => {
    const reader = person(t);
    const before = await eventCount(t);
    const latin1 = Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nSchöne Grüße aus München\n', 'latin1');
    const utf16WithoutMark = Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nGuten Tag\n', 'utf16le');
    const english = Array.from(
      { length: 6 },
      (_, i) => `${i + 1}\n00:00:0${i},000 --> 00:00:0${i},900\nI think that you are right, and it is not what we were told.`,
    ).join('\n\n');
    const cases: [string, Uint8Array, number, string][] = [
      ['gruesse.srt', latin1, 400, M.subtitlesNotUtf8],
      ['tag.srt', utf16WithoutMark, 400, M.subtitlesNotUtf8],
      ['falsch.srt', utf8('1\n00:00:05,000 --> 00:00:02,000\nDas Ende kommt vor dem Anfang.\n'), 400, M.subtitleTimingBroken],
      ['kaputt.vtt', utf8('WEBVTT\n\n00:00:xx.000 --> 00:00:02.000\nHallo\n'), 400, M.subtitleTimingBroken],
      ['english.srt', utf8(english), 400, M.wrongLanguage.de],
      ['brief.srt', utf8('Liebe Oma,\nwie geht es dir?\n'), 400, M.notSubtitles],
      ['musik.vtt', utf8('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n♪ ♪\n'), 400, M.noText],
      ['leer.vtt', new Uint8Array(0), 400, M.emptyFile],
      ['riesig.srt', new Uint8Array(11 * 1024 * 1024).fill(0x61), 413, M.fileTooLarge],
    ];
    for (const [filename, bytes, status, message] of cases) expectProblem(await upload(reader.agent, filename, bytes), status, message);
    // Russian chosen for German subtitles: the script tells.
    const german = `1\n00:00:01,000 --> 00:00:04,000\nIch weiß nicht, wo der Bahnhof ist, aber wir finden ihn schon, wenn wir nur lange genug suchen.\n`;
    expectProblem(await upload(reader.agent, 'bahnhof.srt', utf8(german), { ...settings, languageCode: 'ru' }), 400, M.wrongLanguage.ru);
    expect(await eventCount(t)).toBe(before);
    expect((await get(reader.agent, '/api/articles/user-articles')).json().articles).toEqual([]);
  });

  it('reads UTF-8 with a byte order mark and UTF-16 with one', async () => {
    const reader = person(t, 'master');
    const text = '1\n00:00:01,000 --> 00:00:02,500\nSchöne Grüße!\n';
    const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    for (const bytes of [withMark, utf16]) {
      const res = await upload(reader.agent, 'gruss.srt', bytes);
      expect(res.statusCode, res.body).toBe(201);
      const article = (await get(reader.agent, `/api/articles/${(res.json() as Result).articles[0]!.id}`)).json() as Article;
      expect(article).toMatchObject({ content: 'Schöne Grüße!', cues: [{ start: 1, end: 2.5 }] });
    }
  });
});
