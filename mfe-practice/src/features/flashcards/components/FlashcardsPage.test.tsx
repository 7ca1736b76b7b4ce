// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, MESSAGES, lastPracticedLabel, localDay, startOfLocalDay } from '@verba/contracts';
import { flashcardsOriginStatus } from '@verba/contracts/http';
import { resetAll } from '../../../test/cleanup';
import { NOW, card, json, mockApi, renderSignedIn, type Call } from '../../../test/practice-api';
import { FlashcardsPage } from './FlashcardsPage';

afterEach(() => {
  resetAll();
  window.history.replaceState(null, '', '/');
});

const HUND = card({
  sourceValue: 'der Hund',
  targetValue: 'the dog',
  origin: 'article',
  originId: 'a1',
  originName: 'Der Hund',
  sentence: 'Der Hund läuft.',
});
const KATZE = card({
  sourceValue: 'die Katze',
  targetValue: 'the cat',
  status: 'known',
  origin: 'chapter',
  originId: 'c1',
  originName: 'Kapitel 1',
  dueDateStamp: NOW + 3 * DAY_MS + 60_000,
  lastTimePracticedStamp: NOW - 15 * DAY_MS,
  state: 'review',
});
const HAUS = card({
  sourceValue: 'das Haus',
  targetValue: 'the house',
  dueDateStamp: NOW + 200 * DAY_MS,
  lastTimePracticedStamp: NOW,
  status: 'known',
  state: 'review',
});
const FISCH = card({ sourceValue: 'der Fisch', targetValue: 'the fish', origin: 'chapter', originId: 'c2', originName: 'Kapitel 2' });
const CARDS = [HUND, KATZE, HAUS];

/** flashcards-origin-status as the server counts the cards above (and FISCH), parsed with the contract. */
const ORIGINS = flashcardsOriginStatus.response.parse({
  origins: [
    { origin: 'article', originId: 'a1', originName: 'Der Hund', total: 1, known: 0, uncertain: 1, dueNow: 1 },
    { origin: 'chapter', originId: 'c1', originName: 'Kapitel 1', total: 1, known: 1, uncertain: 0, dueNow: 0 },
    { origin: 'chapter', originId: 'c2', originName: 'Kapitel 2', total: 1, known: 0, uncertain: 1, dueNow: 1 },
    { origin: null, originId: null, originName: null, total: 1, known: 1, uncertain: 0, dueNow: 0 },
  ],
});

/** The signed-in learner's profile (settings as a test gives them). */
const PROFILE = {
  uid: 'u1',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'User',
  subscription: 'free',
  currentLearningLanguage: 'de',
  learnedLanguages: ['de'],
  languageLevels: { de: 'A2' },
  creationDateStamp: 1,
  showMainOnboarding: false,
  emailVerified: true,
  username: null,
  timeSpent: {},
  hasAvatar: false,
  hasPassword: true,
};

/** A small server: the list answers with what the writes left. */
function mockCards() {
  let cards = [...CARDS];
  const body = (call: Call) => call.body as { id: string; sourceValue?: string; targetValue?: string; status?: 'known' | 'uncertain' };
  const update = (call: Call, position: string) => {
    const { id, ...change } = body(call);
    cards = cards.map((c) => (c.id === id ? { ...c, ...change } : c));
    return json({ changed: 1, position });
  };
  return mockApi({
    'GET /api/flashcards': () => json({ languageCode: 'de', flashcards: cards }),
    'GET /api/flashcards/flashcards-origin-status': () => json(ORIGINS),
    'PATCH /api/flashcards/one': (call) => update(call, '5.1'),
    'PATCH /api/flashcards/status': (call) => update(call, '7.1'),
    'DELETE /api/flashcards/one': (call) => {
      cards = cards.filter((c) => c.id !== body(call).id);
      return json({ changed: 1, position: '6.1' });
    },
  });
}

const shownCards = () =>
  within(screen.getByRole('list', { name: 'Flashcards' }))
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));
const cardItem = (name: string) => screen.getByRole('listitem', { name });

describe('flashcard list', () => {
  it('offers the cards for download as an Anki package and as CSV, and their reviews as CSV, in the learning language', async () => {
    mockCards();
    renderSignedIn(<FlashcardsPage />);
    await screen.findByRole('heading', { name: 'Export your 3 cards' });
    expect(screen.getByRole('link', { name: 'Export to Anki (.apkg)' }).getAttribute('href')).toBe(
      '/api/flashcards/export?languageCode=de&format=apkg',
    );
    expect(screen.getByRole('link', { name: 'Export as CSV' }).getAttribute('href')).toBe(
      '/api/flashcards/export?languageCode=de&format=csv',
    );
    expect(screen.getByRole('link', { name: 'Reviews as CSV' }).getAttribute('href')).toBe(
      '/api/flashcards/export?languageCode=de&format=reviews',
    );
  });

  it('shows each card with its due and last-practiced labels, status and origin', async () => {
    mockCards();
    renderSignedIn(<FlashcardsPage />);
    await screen.findByRole('list', { name: 'Flashcards' });
    expect(shownCards()).toEqual(['der Hund', 'die Katze', 'das Haus']);
    const hund = cardItem('der Hund').textContent;
    expect(hund).toContain('Due now');
    expect(hund).toContain('Never practiced');
    expect(hund).toContain('Uncertain');
    expect(hund).toContain('Article: Der Hund');
    // The sentence the word was marked in, the word highlighted, and a link back to the article.
    const sentence = cardItem('der Hund').querySelector('.pr-card__sentence');
    expect(sentence?.querySelector('p')?.textContent).toBe('Der Hund läuft.');
    expect([...(sentence?.querySelectorAll('mark') ?? [])].map((m) => m.textContent)).toEqual(['Der', 'Hund']);
    expect(within(cardItem('der Hund')).getByRole('link', { name: 'Open the article: Der Hund' }).getAttribute('href')).toBe(
      '/app/library/a1',
    );
    const katze = cardItem('die Katze').textContent;
    expect(katze).toContain('Due in 3 days');
    expect(katze).toContain('Last practiced 2 weeks ago');
    expect(katze).toContain('Chapter: Kapitel 1');
    const haus = cardItem('das Haus').textContent;
    expect(haus).toContain('Mastered');
    expect(haus).toContain('Last practiced today');
    expect(haus).toContain('Added by hand');
    expect(screen.getByRole('status').textContent).toBe('3 cards');
  });

  it('counts "Last practiced today" in the learner\'s time zone from their profile', async () => {
    // A zone whose day began after the UTC day did: a card practised just before it is today in UTC, yesterday there.
    const zone = ['America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => {
      const before = startOfLocalDay(localDay(NOW, z), z).getTime() - 1;
      return lastPracticedLabel(before, NOW).unit === 'today';
    })!;
    const practised = startOfLocalDay(localDay(NOW, zone), zone).getTime() - 1;
    const last = card({ sourceValue: 'gestern', targetValue: 'yesterday', lastTimePracticedStamp: practised, state: 'review' });
    mockApi({
      'GET /api/flashcards': () => json({ languageCode: 'de', flashcards: [last] }),
      'GET /api/flashcards/flashcards-origin-status': () => json(ORIGINS),
      'GET /api/user/profile': () => json({ ...PROFILE, settings: { timeZone: zone } }),
    });
    renderSignedIn(<FlashcardsPage />);
    await waitFor(() => expect(cardItem('gestern').textContent).toContain('Last practiced 1 day ago'));
  });

  it('searches both sides and filters by status and origin', async () => {
    mockCards();
    renderSignedIn(<FlashcardsPage />);
    await screen.findByRole('list', { name: 'Flashcards' });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'CAT' } });
    expect(shownCards()).toEqual(['die Katze']);
    expect(screen.getByRole('status').textContent).toBe('1 of 3 cards');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'known' } });
    expect(shownCards()).toEqual(['die Katze', 'das Haus']);
    fireEvent.change(screen.getByLabelText('Origin'), { target: { value: 'manual' } });
    expect(shownCards()).toEqual(['das Haus']);
    fireEvent.change(screen.getByLabelText('Origin'), { target: { value: 'article' } });
    expect(screen.queryByRole('list', { name: 'Flashcards' })).toBeNull();
    expect(screen.getByText('No card matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(shownCards()).toEqual(['der Hund', 'die Katze', 'das Haus']);
  });

  it('filters by the article or chapter the cards came from, with their counts from the server', async () => {
    mockApi({
      'GET /api/flashcards': () => json({ languageCode: 'de', flashcards: [...CARDS, FISCH] }),
      'GET /api/flashcards/flashcards-origin-status': () => json(ORIGINS),
    });
    renderSignedIn(<FlashcardsPage />);
    await screen.findByRole('list', { name: 'Flashcards' });
    const from = (await screen.findByLabelText('From')) as HTMLSelectElement;
    await waitFor(() => expect(from.options).toHaveLength(4));
    expect(Array.from(from.options, (o) => o.textContent)).toEqual([
      'Any article or chapter',
      'Der Hund (article) · 1 card, 1 due',
      'Kapitel 1 (chapter) · 1 card, 0 due',
      'Kapitel 2 (chapter) · 1 card, 1 due',
    ]);
    fireEvent.change(from, { target: { value: 'c2' } });
    expect(shownCards()).toEqual(['der Fisch']);
    expect(screen.getByRole('status').textContent).toBe('1 of 4 cards');
    fireEvent.change(from, { target: { value: '' } });
    expect(shownCards()).toEqual(['der Hund', 'die Katze', 'das Haus', 'der Fisch']);
  });

  it('opens filtered by the article or chapter the address names (a chapter\'s "See them in your flashcards")', async () => {
    window.history.replaceState(null, '', '/app/practice-portal/flashcards?origin=c1');
    mockApi({
      'GET /api/flashcards': () => json({ languageCode: 'de', flashcards: [...CARDS, FISCH] }),
      'GET /api/flashcards/flashcards-origin-status': () => json(ORIGINS),
    });
    renderSignedIn(<FlashcardsPage />);
    await screen.findByRole('list', { name: 'Flashcards' });
    expect(shownCards()).toEqual(['die Katze']);
    await waitFor(() =>
      expect((screen.getByLabelText('From') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
        'Kapitel 1 (chapter) · 1 card, 0 due',
      ),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(shownCards()).toEqual(['der Hund', 'die Katze', 'das Haus', 'der Fisch']);
  });

  it('edits a card in a dialog: the contract messages show in place and nothing is sent until the form is valid', async () => {
    const api = mockCards();
    renderSignedIn(<FlashcardsPage />);
    await screen.findByRole('list', { name: 'Flashcards' });
    fireEvent.click(within(cardItem('der Hund')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit flashcard' });
    const source = within(dialog).getByLabelText(/Word or phrase/);
    const target = within(dialog).getByLabelText(/Translation/);
    expect((source as HTMLTextAreaElement).value).toBe('der Hund');

    fireEvent.change(source, { target: { value: '   ' } });
    fireEvent.change(target, { target: { value: 'x'.repeat(301) } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(within(dialog).getByText(MESSAGES.form.required)).toBeTruthy();
    expect(within(dialog).getByText('Maximum 300 letters are allowed')).toBeTruthy();
    expect(target.getAttribute('aria-invalid')).toBe('true');
    expect(api.to('PATCH /api/flashcards/one')).toHaveLength(0);

    // Exactly 300 letters is allowed (an accented letter counts once).
    fireEvent.change(source, { target: { value: ' der Hund ' } });
    fireEvent.change(target, { target: { value: 'é'.repeat(300) } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [patch] = api.to('PATCH /api/flashcards/one');
    expect(patch?.body).toMatchObject({ id: HUND.id, sourceValue: 'der Hund', targetValue: 'é'.repeat(300) });
    expect(cardItem('der Hund').textContent).toContain('é'.repeat(300));
    // The list is read again after the write, waiting for its position.
    await waitFor(() => expect(api.to('GET /api/flashcards').at(-1)?.query.get('minPosition')).toBe('5.1'));
  });

  it('deletes a card after the alert dialog is confirmed, and not when it is cancelled', async () => {
    const api = mockCards();
    renderSignedIn(<FlashcardsPage />);
    await screen.findByRole('list', { name: 'Flashcards' });

    fireEvent.click(within(cardItem('die Katze')).getByRole('button', { name: 'Delete' }));
    let alert = await screen.findByRole('alertdialog', { name: 'Delete this flashcard?' });
    fireEvent.click(within(alert).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.to('DELETE /api/flashcards/one')).toHaveLength(0);

    fireEvent.click(within(cardItem('die Katze')).getByRole('button', { name: 'Delete' }));
    alert = await screen.findByRole('alertdialog', { name: 'Delete this flashcard?' });
    expect(alert.textContent).toContain('“die Katze”');
    fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shownCards()).toEqual(['der Hund', 'das Haus']));
    expect(api.to('DELETE /api/flashcards/one')[0]?.body).toMatchObject({ id: KATZE.id });
    await waitFor(() => expect(api.to('GET /api/flashcards').at(-1)?.query.get('minPosition')).toBe('6.1'));
    expect(shownCards()).toEqual(['der Hund', 'das Haus']);
    expect(screen.getByRole('status').textContent).toBe('2 cards');
  });

  it('marks a card known', async () => {
    const api = mockCards();
    renderSignedIn(<FlashcardsPage />);
    await screen.findByRole('list', { name: 'Flashcards' });
    fireEvent.click(within(cardItem('der Hund')).getByRole('button', { name: 'Mark known' }));
    await waitFor(() => expect(within(cardItem('der Hund')).getByRole('button', { name: 'Mark uncertain' })).toBeTruthy());
    expect(api.to('PATCH /api/flashcards/status')[0]?.body).toMatchObject({ id: HUND.id, status: 'known' });
  });

  it('without cards explains how to add words from the reader', async () => {
    mockApi({ 'GET /api/flashcards': () => json({ languageCode: 'de', flashcards: [] }) });
    renderSignedIn(<FlashcardsPage />);
    await screen.findByRole('heading', { name: 'No flashcards yet' });
    expect(screen.getByRole('link', { name: 'Open the library' }).getAttribute('href')).toBe('/app/library');
  });
});
