/**
 * Cards out and words in: the flashcard CSV export, read by the dictionary import the browser runs (the
 * contracts' word-list reader), previewed against the dictionary and sent through POST dictionary/add-many.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WORDS_PER_REQUEST } from '@verba/contracts';
import { parseWordList, planWordImport, type ImportStatus } from '@verba/contracts/word-lists';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../test-support/platform/test-auth';
import { practiceModule } from '../contexts/practice/module';
import { vocabularyModule } from '../contexts/vocabulary/module';

const database = await preferredTestDatabase();

describe(`flashcards out as CSV and back into the dictionary on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, practiceModule, vocabularyModule]);
  });
  afterAll(async () => t?.close());

  const dictionary = async (agent: Agent, position?: string) => {
    const res = await agent.request({ method: 'GET', url: `/api/dictionary?languageCode=de${position ? `&minPosition=${position}` : ''}` });
    return new Map((res.json().words as { value: string; status: ImportStatus }[]).map((w) => [w.value, w.status]));
  };

  /** What the dictionary page does on "Import": add-many per status, in requests of at most 1000 words. */
  const importWords = async (agent: Agent, send: Record<ImportStatus, string[]>) => {
    let position: string | undefined;
    for (const status of ['known', 'uncertain'] as const) {
      for (let i = 0; i < send[status].length; i += MAX_WORDS_PER_REQUEST) {
        const words = send[status].slice(i, i + MAX_WORDS_PER_REQUEST);
        const res = await agent.request({
          method: 'POST',
          url: '/api/dictionary/add-many',
          payload: { languageCode: 'de', words, status, commandId: randomUUID() },
        });
        expect(res.statusCode, res.body).toBe(200);
        position = res.json().position ?? position;
      }
    }
    return position;
  };

  it('exports the cards, previews the words they add, imports them, and a second preview changes nothing', async () => {
    const agent = t.agent().setCookies(testUserCookies(randomUUID()));
    const created = await agent.request({
      method: 'POST',
      url: '/api/flashcards',
      payload: {
        languageCode: 'de',
        flashcards: [
          { sourceValue: 'Zelt', targetValue: 'tent' },
          { sourceValue: 'Sterne', targetValue: 'stars' },
          { sourceValue: 'guten Morgen', targetValue: 'good morning' },
        ],
      },
    });
    const [zelt] = created.json().ids as string[];
    const known = await agent.request({ method: 'PATCH', url: '/api/flashcards/status', payload: { id: zelt, status: 'known' } });
    const marked = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary/word',
      payload: { languageCode: 'de', word: { value: 'Sterne', status: 'known' } },
    });

    const csv = await agent.request({
      method: 'GET',
      url: `/api/flashcards/export?languageCode=de&format=csv&minPosition=${known.json().position}`,
    });
    expect(csv.statusCode).toBe(200);
    const list = parseWordList(csv.body, 'de');
    expect(list.format).toBe('verba');
    const before = await dictionary(agent, marked.json().position);
    const plan = planWordImport(list, before);
    // Zelt is new and Known; Sterne was Known and the card says Uncertain; the phrase is a new Uncertain entry (issue 38.3).
    expect(plan.counts).toEqual({ newKnown: 1, newUncertain: 1, newIgnored: 0, changed: 1, unchanged: 0, skipped: 0 });
    expect(plan.changes).toEqual([{ word: 'sterne', from: 'known', to: 'uncertain' }]);

    const position = await importWords(agent, plan.send);
    const after = await dictionary(agent, position);
    expect(Object.fromEntries(after)).toEqual({ zelt: 'known', sterne: 'uncertain', 'guten morgen': 'uncertain' });
    expect(planWordImport(parseWordList(csv.body, 'de'), after).counts).toEqual({
      newKnown: 0,
      newUncertain: 0,
      newIgnored: 0,
      changed: 0,
      unchanged: 3,
      skipped: 0,
    });
  });

  it('imports a LUTE export of 2,500 terms in requests of at most 1,000 words', async () => {
    const agent = t.agent().setCookies(testUserCookies(randomUUID()));
    const rows = Array.from({ length: 2500 }, (_, i) => `wort${i.toString(36)}x,,meaning,German,,2024-01-01,${i % 2 ? 5 : 2},,`);
    const list = parseWordList(`term,parent,translation,language,tags,added,status,link_status,pronunciation\n${rows.join('\n')}\n`, 'de');
    const plan = planWordImport(list, await dictionary(agent));
    expect(plan.counts).toMatchObject({ newKnown: 1250, newUncertain: 1250 });
    const after = await dictionary(agent, await importWords(agent, plan.send));
    expect(after.size).toBe(2500);
    expect(after.get('wort1x')).toBe('known');
    expect(after.get('wort0x')).toBe('uncertain');
  }, 120_000);
});
