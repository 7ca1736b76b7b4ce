// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { WORD_LIST_MESSAGES, parseWordList } from '@verba/contracts/word-lists';
import { COMMAND_ID, callsTo, json, mockApi } from '../../../test/mock-api';
import { resetAfterEach } from '../../../test/reset';
import { dictionaryAnalytics, getDictionary } from '@verba/contracts/http';
import { levelHintForWordCount } from '@verba/contracts';
import { DictionaryPage } from './DictionaryPage';

const LUTE = `term,parent,translation,language,tags,added,status,link_status,pronunciation
Hund,,dog,German,,2024-01-02,5,,
Katze,,cat,German,,2024-01-02,2,,
Haus,,house,German,,2024-01-02,1,,
der,,the,German,,2024-01-02,98,,
gato,,cat,Spanish,,2024-01-02,3,,
`;

resetAfterEach();
beforeEach(() => {
  session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'de', subscription: 'free' });
  window.history.replaceState(null, '', '/app/dictionary');
});

/** The server's dictionaries per language, answered through the contract's schemas; `many` adds that many filler words to German. */
function mockDictionary(many = 0) {
  const languages = new Map<string, Map<string, string>>([
    [
      'de',
      new Map([
        ['katze', 'known'],
        ['haus', 'uncertain'],
        ['leipzig', 'ignored'],
        ...Array.from({ length: many }, (_, i) => [`wort${letters(i)}`, 'known'] as [string, string]),
      ]),
    ],
    ['fr', new Map([['chat', 'known']])],
  ]);
  const of = (url: URL) => languages.get(url.searchParams.get('languageCode') ?? 'de') ?? new Map<string, string>();
  // Each write lands later in the log, as on the server: reads after it wait for its position.
  let written = 0;
  const position = () => `8.${++written}`;
  const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown> & { languageCode: string };
  return mockApi({
    'GET /api/dictionary/analytics': (url) => {
      // As the server counts: Ignored words count nowhere.
      const all = [...of(url).values()];
      const known = all.filter((s) => s === 'known').length;
      const uncertain = all.filter((s) => s === 'uncertain').length;
      return json(
        dictionaryAnalytics.response.parse({
          languageCode: url.searchParams.get('languageCode'),
          known,
          uncertain,
          total: known + uncertain,
          familiesKnown: known,
          familiesUncertain: uncertain,
          levelHint: levelHintForWordCount(known + uncertain),
        }),
      );
    },
    'GET /api/dictionary': (url) =>
      json(
        getDictionary.response.parse({
          languageCode: url.searchParams.get('languageCode'),
          words: [...of(url)].map(([value, status]) => ({ value, status })),
        }),
      ),
    'POST /api/dictionary/add-many': (_url, init) => {
      const body = bodyOf(init) as { languageCode: string; words: string[]; status: string };
      for (const w of body.words) languages.get(body.languageCode)!.set(w, body.status);
      return json({ changed: body.words.length, position: position() });
    },
    'PATCH /api/dictionary': (_url, init) => {
      const body = bodyOf(init) as { languageCode: string; words: { value: string; status: string }[] };
      const words = languages.get(body.languageCode)!;
      for (const w of body.words) {
        if (w.status === 'new') words.delete(w.value);
        else words.set(w.value, w.status);
      }
      return json({ changed: body.words.length, position: position() });
    },
    'PATCH /api/dictionary/word': (_url, init) => {
      const body = bodyOf(init) as { languageCode: string; word: { value: string; status: string } };
      const words = languages.get(body.languageCode)!;
      if (body.word.status === 'new') words.delete(body.word.value);
      else words.set(body.word.value, body.word.status);
      return json({ changed: 1, word: body.word, position: position() });
    },
  });
}

/** aa, ab, … (digits are not words). */
const letters = (i: number) => String.fromCharCode(97 + (Math.floor(i / 26 / 26) % 26), 97 + (Math.floor(i / 26) % 26), 97 + (i % 26));
const levelRegion = () => screen.getByRole('region', { name: 'Level hint' });
const countOf = (name: string) => within(levelRegion()).getByText(name).nextElementSibling?.textContent;

const choose = (text: string, name = 'Terms.csv') =>
  act(async () =>
    fireEvent.change(screen.getByLabelText('Word list (.csv or .tsv)'), {
      target: { files: [new File([text], name, { type: 'text/csv' })] },
    }),
  );

describe('the dictionary page', () => {
  it('previews a LUTE export with a count of each change, then imports it through add-many per status, Ignored rows kept', async () => {
    const fetchMock = mockDictionary();
    render(
      <KitProviders>
        <DictionaryPage />
      </KitProviders>,
    );
    await screen.findByRole('region', { name: 'Level hint' });
    await choose(LUTE);
    const counts = await screen.findByRole('list', { name: 'What the import changes' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1 new word marked Known',
      '0 new words marked Uncertain',
      '1 new word marked Ignored',
      '1 word changes its status',
      '1 word is already as in the file',
      '1 row skipped (phrase, other language or not a word)',
    ]);
    expect(screen.getByText('Changes: katze (known → uncertain)')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/add-many')).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import 3 words' })));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'What the import changes' })).toBeNull());
    // The counts are read again: Katze is Uncertain now, next to Haus.
    await waitFor(() => expect(countOf('Uncertain')).toBe('2'));
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/add-many').map((c) => c.body)).toEqual([
      { languageCode: 'de', words: ['hund'], status: 'known', commandId: COMMAND_ID },
      { languageCode: 'de', words: ['katze'], status: 'uncertain', commandId: COMMAND_ID },
      { languageCode: 'de', words: ['der'], status: 'ignored', commandId: COMMAND_ID },
    ]);
    // The Ignored word is listed as such, and counts nowhere: Known is still Hund alone.
    await waitFor(() => expect((screen.getByLabelText('Status of der') as HTMLSelectElement).value).toBe('ignored'));
    expect(countOf('Known')).toBe('1');
  });

  it('says what is wrong with a file that is not a word list, and sends nothing', async () => {
    const fetchMock = mockDictionary();
    render(
      <KitProviders>
        <DictionaryPage />
      </KitProviders>,
    );
    await choose('name,age\nAnna,3\n', 'people.csv');
    expect((await screen.findByRole('alert')).textContent).toBe(WORD_LIST_MESSAGES.noWordColumn);
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/add-many')).toHaveLength(0);
  });
});

describe('My words', () => {
  const renderPage = () =>
    render(
      <KitProviders>
        <DictionaryPage />
      </KitProviders>,
    );
  const wordsShown = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

  it('shows the level hint with the words counted and the next threshold', async () => {
    mockDictionary(796);
    renderPage();
    await waitFor(() => expect(countOf('Level hint')).toBe('A1'));
    expect(within(levelRegion()).getByRole('status').textContent).toBe(
      '798 words counted (Known and Uncertain). 2 more words for A2 (800 words).',
    );
  });

  it('searches the words and filters them by status', async () => {
    mockDictionary();
    renderPage();
    await waitFor(() => expect(wordsShown()).toEqual(['haus', 'katze', 'leipzig']));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'uncertain' } });
    expect(wordsShown()).toEqual(['haus']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'ignored' } });
    expect(wordsShown()).toEqual(['leipzig']);
    expect((screen.getByLabelText('Status of leipzig') as HTMLSelectElement).value).toBe('ignored');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kat' } });
    expect(wordsShown()).toEqual(['katze']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'hund' } });
    expect(screen.getByText('No word matches.')).toBeTruthy();
  });

  it('shows another language’s words when the language is changed', async () => {
    const fetchMock = mockDictionary();
    renderPage();
    await waitFor(() => expect(wordsShown()).toEqual(['haus', 'katze', 'leipzig']));
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
    await waitFor(() => expect(wordsShown()).toEqual(['chat']));
    expect(screen.getByRole('heading', { name: 'Your French words' })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/dictionary/analytics').at(-1)?.url.searchParams.get('languageCode')).toBe('fr');
  });

  it('downloads every word with its status, Ignored included, as a list the import reads back', async () => {
    mockDictionary();
    renderPage();
    const link = await screen.findByRole('link', { name: 'Download all your German words (CSV)' });
    expect(link.getAttribute('download')).toBe('verba-words-de.csv');
    const csv = decodeURIComponent(link.getAttribute('href')!.replace('data:text/csv;charset=utf-8,', ''));
    expect(csv.split('\r\n')).toEqual(['term,status', 'katze,known', 'haus,uncertain', 'leipzig,ignored', '']);
    expect(Object.fromEntries(parseWordList(csv, 'de').words)).toEqual({ katze: 'known', haus: 'uncertain', leipzig: 'ignored' });
  });

  it('marks a word Ignored from the list: it leaves the counts', async () => {
    const fetchMock = mockDictionary();
    renderPage();
    await waitFor(() => expect(countOf('Known')).toBe('1'));
    await act(async () => fireEvent.change(await screen.findByLabelText('Status of katze'), { target: { value: 'ignored' } }));
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word').map((c) => c.body)).toEqual([
      { languageCode: 'de', word: { value: 'katze', status: 'ignored' }, commandId: COMMAND_ID },
    ]);
    await waitFor(() => expect(countOf('Known')).toBe('0'));
  });

  it('changes one word’s status', async () => {
    const fetchMock = mockDictionary();
    renderPage();
    const status = await screen.findByLabelText('Status of haus');
    await act(async () => fireEvent.change(status, { target: { value: 'known' } }));
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word').map((c) => c.body)).toEqual([
      { languageCode: 'de', word: { value: 'haus', status: 'known' }, commandId: COMMAND_ID },
    ]);
    await waitFor(() => expect(countOf('Known')).toBe('2'));
    expect((screen.getByLabelText('Status of haus') as HTMLSelectElement).value).toBe('known');
  });

  it('marks the selected words at once and the level hint follows', async () => {
    const fetchMock = mockDictionary(798);
    renderPage();
    await waitFor(() => expect(countOf('Level hint')).toBe('A2'));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'wortaa' } });
    fireEvent.click(screen.getByLabelText('Select all shown words'));
    expect(screen.getByText('26 words selected')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark New' })));
    const [call] = callsTo(fetchMock, 'PATCH', '/api/dictionary');
    expect(call?.body).toMatchObject({ languageCode: 'de', commandId: COMMAND_ID });
    expect((call?.body as { words: unknown[] }).words).toHaveLength(26);
    await waitFor(() => expect(countOf('Level hint')).toBe('A1'));
    expect(within(levelRegion()).getByRole('status').textContent).toBe(
      '774 words counted (Known and Uncertain). 26 more words for A2 (800 words).',
    );
    expect(screen.getByText('No word matches.')).toBeTruthy();
  });

  it('adds a pasted list, split on commas, semicolons and new lines, through add-many', async () => {
    const fetchMock = mockDictionary();
    renderPage();
    await screen.findByRole('region', { name: 'Level hint' });
    const field = screen.getByLabelText('German words, separated by commas, semicolons or new lines');
    fireEvent.change(field, { target: { value: 'Hund, Maus;\n„Vogel“\nguten Tag\nHund' } });
    expect(screen.getByText('3 words to add; skipped (not one word each): guten Tag')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mark them'), { target: { value: 'uncertain' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add words' })));
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/add-many').map((c) => c.body)).toEqual([
      { languageCode: 'de', words: ['hund', 'maus', 'vogel'], status: 'uncertain', commandId: COMMAND_ID },
    ]);
    await waitFor(() => expect(countOf('Uncertain')).toBe('4'));
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('says so in place when nothing was pasted, and sends nothing', async () => {
    const fetchMock = mockDictionary();
    renderPage();
    await screen.findByRole('region', { name: 'Level hint' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add words' })));
    expect(screen.getByRole('alert').textContent).toBe('Paste at least one word.');
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/add-many')).toHaveLength(0);
  });
});
