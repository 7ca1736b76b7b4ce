// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenize } from '@verba/contracts';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID as ID, callsTo, json, mockApi, profile } from '../../../test/mock-api';
import { WordIndex } from '../word-index';
import { FamilyChoice } from './FamilyChoice';

/** Issue 38.2: the selected word's family in the word panel. */
const TEXT = 'Er ging heim. Wir gehen, sie gingen und sind gegangen. Ein Haus, zwei Häuser.';
const DICTIONARY: Record<string, string> = { ging: 'gehen', gingen: 'gehen', gegangen: 'gehen', häuser: 'haus', sind: 'sein' };

resetAfterEach();

/** The reader's API for the family look-up (the dictionary's bases over the learner's own), profile and marks. */
function mockFamilies(settings: Record<string, unknown> = {}) {
  const own = new Map<string, string>();
  let position = 0;
  const changed = () => json({ changed: 1, position: `9.${++position}` });
  const fetchMock = mockApi({
    'GET /api/dictionary/families': (url) => {
      const words = (url.searchParams.get('words') ?? '').split(',');
      return json({
        languageCode: 'de',
        words: words.map((value) => {
          const mine = own.get(value);
          if (mine !== undefined) return { value, base: mine, source: mine === value ? 'split' : 'own' };
          return { value, base: DICTIONARY[value] ?? value, source: 'dictionary' };
        }),
      });
    },
    'GET /api/user/profile': () => json(profile(settings)),
    'PATCH /api/dictionary': (_url, init) =>
      json({ changed: (JSON.parse(String(init?.body)) as { words: unknown[] }).words.length, position: '8.1' }),
    'POST /api/dictionary/families/split': (_url, init) => {
      const { word } = JSON.parse(String(init?.body)) as { word: string };
      own.set(word, word);
      return changed();
    },
    'PUT /api/dictionary/families/base': (_url, init) => {
      const { word, base } = JSON.parse(String(init?.body)) as { word: string; base: string };
      own.set(word, base);
      return changed();
    },
    'POST /api/dictionary/families/rejoin': (_url, init) => {
      own.delete((JSON.parse(String(init?.body)) as { word: string }).word);
      return changed();
    },
  });
  return fetchMock;
}

function renderPanel(word: string | null, text = TEXT) {
  // The page's text, as the reader puts it beside the panel (one a test).
  document.querySelector('.test-text')?.remove();
  const container = document.createElement('div');
  container.className = 'test-text';
  document.body.append(container);
  const words = new WordIndex(container, tokenize(text), new Map());
  const view = render(
    <KitProviders>
      <FamilyChoice word={word} words={words} languageCode="de" />
    </KitProviders>,
  );
  // What the word panel's Known button (or the K key) does to the page.
  const mark = (key: string, status: 'known' | 'uncertain' | 'new') => act(() => words.setStatus(key, status));
  const select = (next: string | null) =>
    view.rerender(
      <KitProviders>
        <FamilyChoice word={next} words={words} languageCode="de" />
      </KitProviders>,
    );
  return { words, mark, select };
}

const painted = (key: string) => document.querySelector(`[data-key="${key}"]`)?.className;

describe('the word family in the word panel', () => {
  it('says which base word the selected word comes from, in one look-up of the page’s words', async () => {
    const fetchMock = mockFamilies();
    renderPanel('ging');
    expect(await screen.findByText('gehen', { selector: 'b' })).toBeTruthy();
    expect(screen.getByText(/^from/).textContent).toBe('from gehen');
    const lookUps = callsTo(fetchMock, 'GET', '/api/dictionary/families');
    expect(lookUps).toHaveLength(1);
    expect(lookUps[0]!.url.searchParams.get('words')!.split(',')).toEqual(
      expect.arrayContaining(['ging', 'gehen', 'gingen', 'gegangen', 'haus']),
    );
  });

  it('looks a long page up in parts of at most 100 words (a short URL even for Russian)', async () => {
    const fetchMock = mockFamilies();
    const many = Array.from(
      { length: 150 },
      (_, i) => `wort${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    );
    renderPanel('ging', `Er ging. ${many.join(' ')}.`);
    expect(await screen.findByText('gehen', { selector: 'b' })).toBeTruthy();
    const asked = callsTo(fetchMock, 'GET', '/api/dictionary/families').map((c) => c.url.searchParams.get('words')!.split(','));
    expect(asked.map((words) => words.length)).toEqual([100, 52]);
    expect(new Set(asked.flat())).toEqual(new Set(['er', 'ging', ...many]));
  });

  it('asks after a mark (the default) and marks the other forms on the page with Yes', async () => {
    const fetchMock = mockFamilies();
    const { mark } = renderPanel('ging');
    await screen.findByText('gehen', { selector: 'b' });
    mark('ging', 'known');
    expect(await screen.findByText('Mark the 3 other forms of “gehen” on this page Known too?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(['gehen', 'gingen', 'gegangen'].map(painted)).toEqual(['w w--known', 'w w--known', 'w w--known']);
    expect(painted('sind')).toBe('w w--new');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary')[0]!.body).toEqual({
      languageCode: 'de',
      words: ['gehen', 'gingen', 'gegangen'].map((value) => ({ value, status: 'known' })),
      commandId: ID,
    });
    await waitFor(() => expect(toastStore.get().map((t) => t.title)).toContain('3 other forms of “gehen” marked Known'));
    expect(screen.queryByText(/too\?$/)).toBeNull();
  });

  it('leaves the family alone with No, and counts only forms not already at that status', async () => {
    const fetchMock = mockFamilies();
    const { mark } = renderPanel('häuser');
    await screen.findByText('haus', { selector: 'b' });
    mark('häuser', 'uncertain');
    expect(await screen.findByText('Mark the 1 other form of “haus” on this page Uncertain too?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByText(/too\?$/)).toBeNull();
    expect(painted('haus')).toBe('w w--new');
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary')).toHaveLength(0);
  });

  it('marks the family at once when the profile says always, and never asks when it says never', async () => {
    const always = mockFamilies({ words: { markFamily: 'always' } });
    const first = renderPanel('gegangen');
    await screen.findByText('gehen', { selector: 'b' });
    // The profile is read before the mark decides.
    await waitFor(() => expect(callsTo(always, 'GET', '/api/user/profile')).toHaveLength(1));
    first.mark('gegangen', 'known');
    await waitFor(() => expect(callsTo(always, 'PATCH', '/api/dictionary')).toHaveLength(1));
    expect(['ging', 'gehen', 'gingen'].map(painted)).toEqual(['w w--known', 'w w--known', 'w w--known']);
    expect(screen.queryByText(/too\?$/)).toBeNull();
  });

  it('never marks or asks when the profile says never', async () => {
    const never = mockFamilies({ words: { markFamily: 'never' } });
    const { mark } = renderPanel('ging');
    await screen.findByText('gehen', { selector: 'b' });
    await waitFor(() => expect(callsTo(never, 'GET', '/api/user/profile')).toHaveLength(1));
    mark('ging', 'known');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/too\?$/)).toBeNull();
    expect(painted('gehen')).toBe('w w--new');
    expect(callsTo(never, 'PATCH', '/api/dictionary')).toHaveLength(0);
  });

  it('splits the word off with "Not the same word", and “Undo my choice” puts it back', async () => {
    const fetchMock = mockFamilies();
    renderPanel('gingen');
    await screen.findByText('gehen', { selector: 'b' });
    fireEvent.click(screen.getByRole('button', { name: 'Not the same word' }));
    expect(await screen.findByText('Not in a family: you split it off.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/families/split')[0]!.body).toEqual({
      languageCode: 'de',
      word: 'gingen',
      commandId: ID,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo my choice' }));
    expect(await screen.findByText('gehen', { selector: 'b' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/families/rejoin')).toHaveLength(1);
  });

  it('sets a base word by hand with a small form, and refuses an empty one', async () => {
    const fetchMock = mockFamilies();
    renderPanel('er');
    // "er" has no family line: it is its own base word, but the learner can still set one.
    fireEvent.click(await screen.findByRole('button', { name: 'Set base word…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save base word' }));
    expect(await screen.findByText('Type the base word, e.g. the infinitive of a verb.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Base word of “er”'), { target: { value: 'Sie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save base word' }));
    expect(await screen.findByText(/\(set by you\)/)).toBeTruthy();
    expect(screen.getByText(/^from/).textContent).toBe('from sie (set by you)');
    expect(callsTo(fetchMock, 'PUT', '/api/dictionary/families/base')[0]!.body).toEqual({
      languageCode: 'de',
      word: 'er',
      base: 'sie',
      commandId: ID,
    });
  });

  it('shows nothing for a phrase or no selection', async () => {
    mockFamilies();
    const { container } = render(
      <KitProviders>
        <FamilyChoice word={null} words={null} languageCode="de" />
      </KitProviders>,
    );
    expect(container.textContent).toBe('');
  });
});
