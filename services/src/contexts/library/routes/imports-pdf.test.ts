import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M, IMPORT_PDF_PAGES_MAX } from '@verba/contracts';
import type { Agent, TestApp } from '../../../../test-support/platform/test-app';
import { database, eventCount, expectProblem, get, libraryTestApp, person } from '../../../../test-support/contexts/library/app';
import { multipartForm } from '../../../../test-support/contexts/library/epub';
import { buildPdf, drawingOnlyPdf, encryptedPdf, pageWithRunningHeads, textLines } from '../../../../test-support/contexts/library/pdf';

const settings = { languageCode: 'de', category: 'Fiction', generalDifficulty: 'B1' };
type Result = { articles: { id: string; name: string }[]; series: { id: string; title: string } | null };

const upload = (agent: Agent, filename: string, bytes: Uint8Array, fields: Record<string, string> = settings) =>
  agent.request({
    method: 'POST',
    url: '/api/articles/import/file',
    ...multipartForm({ ...fields, commandId: randomUUID() }, { filename, bytes }),
  });

/** Three pages of a report, each with the paper's name on top and its page number below; words hyphenated at line ends. */
const report = () =>
  buildPdf([
    pageWithRunningHeads(
      [
        'Der Wochenmarkt',
        '',
        'Jeden Samstag kommen die Bauern aus dem Umland auf den Mar-',
        'kt und verkaufen Gemüse, Käse und Brot.',
        '',
        'Die Preise sind in diesem Jahr gestiegen, aber die Kunden kom-',
        'men trotzdem gern, weil',
      ],
      1,
    ),
    pageWithRunningHeads(
      [
        'die Ware frisch ist.',
        '',
        'Frau Becker verkauft seit zwanzig Jahren Äpfel und Birnen. Sie',
        'sagt, dass der Sommer zu trocken war und die Ernte klein ist.',
        '',
        'Am Nachmittag wird es ruhig auf dem Platz.',
      ],
      2,
    ),
    pageWithRunningHeads(['Im Winter gibt es weniger Stände, doch der Nord-', 'Süd-Handel mit Orangen bringt Farbe auf den Markt.'], 3),
  ]);

describe(`importing a PDF on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await libraryTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports the text layer in paragraphs, without the running heads, hyphenated words joined', async () => {
    const reader = person(t);
    const res = await upload(reader.agent, 'zeitung.pdf', report());
    expect(res.statusCode, res.body).toBe(201);
    const { articles, series } = res.json() as Result;
    expect(series).toBeNull();
    expect(articles).toEqual([{ id: expect.any(String), name: 'Der Wochenmarkt' }]);
    const article = (await get(reader.agent, `/api/articles/${articles[0]!.id}`)).json() as { content: string; cues?: unknown };
    expect(article.content).toBe(
      [
        'Jeden Samstag kommen die Bauern aus dem Umland auf den Markt und verkaufen Gemüse, Käse und Brot.',
        // A paragraph going on over the page end stays one.
        'Die Preise sind in diesem Jahr gestiegen, aber die Kunden kommen trotzdem gern, weil die Ware frisch ist.',
        'Frau Becker verkauft seit zwanzig Jahren Äpfel und Birnen. Sie sagt, dass der Sommer zu trocken war und die Ernte klein ist.',
        'Am Nachmittag wird es ruhig auf dem Platz.',
        'Im Winter gibt es weniger Stände, doch der Nord-Süd-Handel mit Orangen bringt Farbe auf den Markt.',
      ].join('\n\n'),
    );
    expect(article.content).not.toContain('Wirtschaftszeitung');
    expect(article.content).not.toContain('Seite');
    expect(article.cues).toBeUndefined();
  });

  it('refuses a PDF without text, a damaged, a protected, a too long and a foreign one, creating nothing', async () => {
    const reader = person(t);
    const before = await eventCount(t);
    const english = buildPdf([
      {
        lines: textLines([
          'The market is open every Saturday, and the farmers bring what they have grown.',
          'It is not cheap, but the people who come here say that it is worth it.',
        ]),
      },
    ]);
    const cases: [string, Uint8Array, number, string][] = [
      ['scan.pdf', drawingOnlyPdf(), 400, M.pdfNoText],
      ['kaputt.pdf', new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog'), 400, M.notPdf],
      ['bild.pdf', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 400, M.notPdf],
      ['geheim.pdf', encryptedPdf(), 400, M.pdfEncrypted],
      ['lang.pdf', buildPdf(Array.from({ length: IMPORT_PDF_PAGES_MAX + 1 }, () => ({}))), 413, M.pdfTooManyPages],
      ['market.pdf', english, 400, M.wrongLanguage.de],
      ['riesig.pdf', new Uint8Array(11 * 1024 * 1024).fill(0x25), 413, M.fileTooLarge],
    ];
    for (const [filename, bytes, status, message] of cases) expectProblem(await upload(reader.agent, filename, bytes), status, message);
    expect(await eventCount(t)).toBe(before);
    expect((await get(reader.agent, '/api/articles/user-articles')).json().articles).toEqual([]);
  });
});
