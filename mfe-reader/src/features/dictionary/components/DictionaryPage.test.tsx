// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { WORD_LIST_MESSAGES } from '@verba/contracts/word-lists';
import { COMMAND_ID, callsTo, json, mockApi } from '../../../test/mock-api';
import { resetAfterEach } from '../../../test/reset';
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

function mockDictionary() {
  const words = new Map<string, string>([
    ['katze', 'known'],
    ['haus', 'uncertain'],
  ]);
  return mockApi({
    'GET /api/dictionary/analytics': () => {
      const all = [...words.values()];
      const known = all.filter((s) => s === 'known').length;
      return json({ languageCode: 'de', known, uncertain: all.length - known, total: all.length, levelHint: 'A1' });
    },
    'GET /api/dictionary': () => json({ languageCode: 'de', words: [...words].map(([value, status]) => ({ value, status })) }),
    'POST /api/dictionary/add-many': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { words: string[]; status: string };
      for (const w of body.words) words.set(w, body.status);
      return json({ changed: body.words.length, position: '8.1' });
    },
  });
}

const choose = (text: string, name = 'Terms.csv') =>
  act(async () => fireEvent.change(screen.getByLabelText('Word list (.csv or .tsv)'), { target: { files: [new File([text], name, { type: 'text/csv' })] } }));

describe('the dictionary page', () => {
  it('previews a LUTE export with a count of each change, then imports it through add-many per status', async () => {
    const fetchMock = mockDictionary();
    render(<KitProviders><DictionaryPage /></KitProviders>);
    await screen.findByText('Known');
    await choose(LUTE);
    const counts = await screen.findByRole('list', { name: 'What the import changes' });
    expect(within(counts).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1 new word marked Known',
      '0 new words marked Uncertain',
      '1 word changes its status',
      '1 word is already as in the file',
      '2 rows skipped (phrases, ignored, other languages or not words)',
    ]);
    expect(screen.getByText('Changes: katze (known → uncertain)')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/add-many')).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import 2 words' })));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'What the import changes' })).toBeNull());
    // The counts are read again: Katze is Uncertain now, next to Haus.
    await waitFor(() => expect(screen.getByText('Uncertain').nextElementSibling?.textContent).toBe('2'));
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/add-many').map((c) => c.body)).toEqual([
      { languageCode: 'de', words: ['hund'], status: 'known', commandId: COMMAND_ID },
      { languageCode: 'de', words: ['katze'], status: 'uncertain', commandId: COMMAND_ID },
    ]);
  });

  it('says what is wrong with a file that is not a word list, and sends nothing', async () => {
    const fetchMock = mockDictionary();
    render(<KitProviders><DictionaryPage /></KitProviders>);
    await choose('name,age\nAnna,3\n', 'people.csv');
    expect((await screen.findByRole('alert')).textContent).toBe(WORD_LIST_MESSAGES.noWordColumn);
    expect(callsTo(fetchMock, 'POST', '/api/dictionary/add-many')).toHaveLength(0);
  });
});
