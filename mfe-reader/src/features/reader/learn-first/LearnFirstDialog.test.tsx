// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { LearnFirstSchema, type LearnFirst } from '@verba/contracts/http';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID, callsTo, json, mockApi } from '../../../test/mock-api';
import { LearnFirstDialog } from './LearnFirstDialog';

/** Issue 39.7: the words that lift a text to 95% known. */
const ARTICLE_ID = '5b0f2f43-7a51-4c4e-9d39-0c2f4a1e9b10';

const answer = (fields: Partial<LearnFirst> = {}): LearnFirst =>
  LearnFirstSchema.parse({
    articleId: ARTICLE_ID,
    name: 'Ein Tag',
    languageCode: 'de',
    totalWords: 26,
    knownWords: 20,
    knownPercent: 76,
    knownPercentAfter: 96,
    targetPercent: 95,
    estimated: false,
    words: [
      { word: 'gehen', forms: ['ging', 'gehen'], count: 3, status: 'new', meaning: 'go', sentence: 'Ging ging, gehen.' },
      { word: 'haus', forms: ['haus'], count: 2, status: 'uncertain', meaning: 'home', sentence: 'Haus, Haus.' },
      { word: 'krüger', forms: ['krüger'], count: 1, status: 'new', meaning: null, sentence: null },
    ],
    ...fields,
  });

resetAfterEach();

function mockLearnFirst(first: LearnFirst, afterMark: LearnFirst = first) {
  let marked = false;
  return mockApi({
    'GET /api/articles/learn-first': () => json(marked ? afterMark : first),
    'POST /api/flashcards': (_url, init) => {
      const { flashcards } = JSON.parse(String(init?.body)) as { flashcards: unknown[] };
      return json({ changed: flashcards.length, ids: flashcards.map(() => crypto.randomUUID()), position: '7.1' }, 201);
    },
    'PATCH /api/dictionary': (_url, init) => {
      marked = true;
      return json({ changed: (JSON.parse(String(init?.body)) as { words: unknown[] }).words.length, position: '8.1' });
    },
  });
}

function Opened() {
  const [open, setOpen] = useState(false);
  return (
    <LearnFirstDialog
      articleId={ARTICLE_ID}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="secondary" aria-haspopup="dialog">
          Learn these first
        </Button>
      }
    />
  );
}

async function openDialog() {
  render(
    <KitProviders>
      <Opened />
    </KitProviders>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Learn these first' }));
  return screen.findByRole('dialog', { name: 'Learn these first' });
}

describe('Learn these first', () => {
  it('lists the words with meaning and count, the share before and after, all with a meaning ticked', async () => {
    const fetchMock = mockLearnFirst(answer());
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Known now: 76% → 96% after these')).toBeTruthy();
    const list = within(dialog).getByRole('list', { name: 'Words to learn' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.rd-learn-first__base')?.textContent)).toEqual(['gehen', 'haus', 'krüger']);
    expect(items[0]!.textContent).toContain('go');
    expect(items[0]!.textContent).toContain('3×');
    expect(items[0]!.textContent).toContain('(ging, gehen)');
    const boxes = within(list).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true, false]);
    // A word without a meaning can be marked Known but makes no card.
    expect(boxes[2]!.disabled).toBe(true);
    expect(within(items[2]!).getByText('No meaning in the dictionary')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/articles/learn-first')[0]!.url.searchParams.get('articleId')).toBe(ARTICLE_ID);
  });

  it('"Make cards" sends the ticked words once each, with meaning, sentence and origin, and says how many were made', async () => {
    const fetchMock = mockLearnFirst(answer());
    const dialog = await openDialog();
    const haus = (await within(dialog).findAllByRole('checkbox'))[1]!;
    fireEvent.click(haus);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make cards' }));
    expect(await within(dialog).findByText('1 card made')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/flashcards').map((c) => c.body)).toEqual([
      {
        languageCode: 'de',
        flashcards: [
          {
            sourceValue: 'gehen',
            targetValue: 'go',
            origin: 'article',
            originId: ARTICLE_ID,
            originName: 'Ein Tag',
            oncePerWord: true,
            sentence: 'Ging ging, gehen.',
          },
        ],
        commandId: COMMAND_ID,
      },
    ]);

    fireEvent.click(haus);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make cards' }));
    expect(await within(dialog).findByText('2 cards made')).toBeTruthy();
    const second = callsTo(fetchMock, 'POST', '/api/flashcards')[1]!.body as { flashcards: { sourceValue: string }[] };
    expect(second.flashcards.map((c) => c.sourceValue)).toEqual(['gehen', 'haus']);
  });

  it('marks a word’s base word and the forms the text writes Known with the reader’s mark, and the list follows', async () => {
    const after = answer({
      knownWords: 23,
      knownPercent: 88,
      words: answer().words.slice(1),
    });
    const fetchMock = mockLearnFirst(answer(), after);
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Mark “gehen” Known' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/dictionary').map((c) => c.body)).toEqual([
        {
          languageCode: 'de',
          words: [
            { value: 'gehen', status: 'known' },
            { value: 'ging', status: 'known' },
          ],
          commandId: COMMAND_ID,
        },
      ]),
    );
    expect(await within(dialog).findByText('Known now: 88% → 96% after these')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Mark “gehen” Known' })).toBeNull();
  });

  it('offers Ignore for a word without a meaning (a name), marking each of its forms Ignored', async () => {
    const fetchMock = mockLearnFirst(answer());
    const dialog = await openDialog();
    expect(await within(dialog).findByRole('button', { name: 'Ignore “krüger”' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Ignore “gehen”' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ignore “krüger”' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/dictionary').map((c) => c.body)).toEqual([
        { languageCode: 'de', words: [{ value: 'krüger', status: 'ignored' }], commandId: COMMAND_ID },
      ]),
    );
  });

  it('says the share counts marks only while the label is still estimated from the level', async () => {
    mockLearnFirst(answer({ estimated: true }));
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText(
        'Counted from the words you have marked; the library still estimates this text’s label from your level.',
      ),
    ).toBeTruthy();
  });

  it('says so kindly when the text is already 95% known', async () => {
    mockLearnFirst(answer({ totalWords: 20, knownWords: 20, knownPercent: 100, knownPercentAfter: 100, words: [] }));
    const dialog = await openDialog();
    expect(await within(dialog).findByText('You already know 100% of this text: nothing to learn first. Enjoy reading!')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Make cards' })).toBeNull();
  });
});
