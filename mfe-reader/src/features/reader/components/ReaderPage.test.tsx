// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session, toastStore } from '@verba/kit';
import { AttachedAudioSchema } from '@verba/contracts/http';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID as ID, article, callsTo, json, problem, profile } from '../../../test/mock-api';
import { ARTICLE_ID, CARD_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';

const CONTENT = 'Der Hund läuft. der HUND schläft, und die Katze?\n\nDer Hund!';
const renderReader = () =>
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
const wordsFor = (key: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-key="${key}"]`));
const pageText = () => document.querySelector('.rd-text')?.textContent ?? '';
/** Three pages: 250 words "eins…", 250 "zwei…", 100 "drei…", each run ending a sentence. */
const LONG = ['eins', 'zwei', 'drei'].map((w, i) => `${Array.from({ length: i === 2 ? 99 : 249 }, () => w).join(' ')} ende${i}.`).join(' ');

resetAfterEach();

describe('ReaderPage', () => {
  it('renders every word of the tokenized text as a span coloured by its status', async () => {
    mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    const spans = document.querySelectorAll('[data-key]');
    // Der Hund läuft der HUND schläft und die Katze Der Hund
    expect(Array.from(spans, (s) => s.textContent)).toEqual([
      'Der',
      'Hund',
      'läuft',
      'der',
      'HUND',
      'schläft',
      'und',
      'die',
      'Katze',
      'Der',
      'Hund',
    ]);
    // The whole text, punctuation and blank line included, is rendered verbatim.
    expect(pageText()).toBe(CONTENT);
    expect(wordsFor('hund').map((s) => s.className)).toEqual(['w w--new', 'w w--new', 'w w--new']);
    expect(wordsFor('katze')[0]?.className).toBe('w w--known');
    // Roving tabindex: only the first word is in the tab order.
    expect(document.querySelectorAll('[data-key][tabindex="0"]')).toHaveLength(1);
    // The page's distinct words: der hund läuft schläft und die (new), katze (known).
    expect(document.querySelector('.rd-count--new dd')?.textContent).toBe('6');
    expect(document.querySelector('.rd-count--known dd')?.textContent).toBe('1');
  });

  it('shows markup in an article as the text it is: no element from it, no handler, quotes kept in the words', async () => {
    // Plain text keeps "a < b" as written, so a text may hold what looks like a tag; rich text is sanitized on the server.
    const hostile = 'Der <img src=x onerror="window.__xss = 1"> Hund "bellt" & <script>window.__xss = 2</script> läuft.';
    mockReader(hostile);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    expect(pageText()).toBe(hostile);
    const text = document.querySelector('.rd-text')!;
    expect(text.querySelector('img, script')).toBeNull();
    expect([...text.querySelectorAll('*')].flatMap((el) => el.getAttributeNames().filter((name) => name.startsWith('on')))).toEqual([]);
    // Every element is a word span; its key attribute holds the word, whatever characters it has.
    expect([...text.querySelectorAll('*')].every((el) => el.matches('span[data-key]'))).toBe(true);
    expect(wordsFor('onerror')).toHaveLength(1);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('marking a word updates all its occurrences at once and PATCHes the key', async () => {
    const fetchMock = mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });

    fireEvent.click(wordsFor('hund')[1] as HTMLElement); // "HUND"
    expect(screen.getByText('3 times on this page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Known' }));

    // Optimistic: repainted before the server answers.
    expect(wordsFor('hund').map((s) => s.className)).toEqual(['w w--known', 'w w--known', 'w w--known']);
    expect(wordsFor('der')[0]?.className).toBe('w w--new');
    // A command id, so a resent request counts once.
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')[0]?.body).toEqual({
      languageCode: 'de',
      word: { value: 'hund', status: 'known' },
      commandId: ID,
    });
    expect(document.querySelector('.rd-count--known dd')?.textContent).toBe('2');
  });

  it('works from the keyboard: arrows move between words, 2 marks uncertain', async () => {
    const fetchMock = mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    const first = wordsFor('der')[0] as HTMLElement;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const hund = wordsFor('hund')[0] as HTMLElement;
    expect(document.activeElement).toBe(hund);
    expect(hund.tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    fireEvent.keyDown(hund, { key: '2' });
    expect(wordsFor('hund').every((s) => s.className === 'w w--uncertain')).toBe(true);
    fireEvent.keyDown(hund, { key: 'n' });
    expect(wordsFor('hund').every((s) => s.className === 'w w--new')).toBe(true);
    // The Uncertain mark made the word's card (the setting is on by default).
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')).toHaveLength(1));
  });

  it('marking a word Uncertain makes its flashcard with the meaning shown and the sentence; Known later leaves it', async () => {
    const fetchMock = mockReader(CONTENT, {
      // The dictionary's meanings: the first goes on the card.
      'POST /api/translation-ai': () => json({ success: true, data: 'dog; hound', source: 'dictionary', duration_s: 0.1 }),
    });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    fireEvent.click(wordsFor('hund')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Uncertain' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')[0]?.body).toEqual({
      languageCode: 'de',
      flashcard: {
        sourceValue: 'Hund',
        targetValue: 'dog',
        sentence: 'Der Hund läuft.',
        origin: 'article',
        originId: ARTICLE_ID,
        originName: 'Der Hund',
        oncePerWord: true,
      },
      commandId: ID,
    });
    await waitFor(() => expect(toastStore.get().map((t) => t.title)).toContain('“Hund” was added to your flashcards'));
    expect(await screen.findByRole('button', { name: 'In your flashcards' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Known' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(2));
    expect(
      fetchMock.mock.calls.filter(([input, init]) => String(input).includes('/api/flashcards') && init?.method && init.method !== 'GET'),
    ).toHaveLength(1);
  });

  it('makes the card with the learner’s own meaning when they typed one, from a key press', async () => {
    const fetchMock = mockReader(CONTENT, {
      'GET /api/translation/meanings': (url) => json({ word: url.searchParams.get('word'), meaning: 'a loyal dog' }),
    });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    const hund = wordsFor('hund')[2] as HTMLElement;
    hund.focus();
    fireEvent.keyDown(hund, { key: 'u' });
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')[0]?.body).toMatchObject({
      flashcard: { sourceValue: 'Hund', targetValue: 'a loyal dog', sentence: 'Der Hund!' },
    });
  });

  it('makes no flashcard when the learner turned the setting off, nor for a word that has one', async () => {
    const fetchMock = mockReader(CONTENT, {
      'GET /api/user/profile': () => json(profile({ flashcards: { uncertainMakesCard: false } })),
      'GET /api/flashcards/created': () =>
        json({ articleId: ARTICLE_ID, flashcards: [{ id: CARD_ID, sourceValue: 'Katze', targetValue: 'cat', status: 'uncertain' }] }),
    });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    fireEvent.click(wordsFor('hund')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Uncertain' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/profile').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')).toHaveLength(0);
  });

  it('rolls back and tells the user when saving fails', async () => {
    mockReader(CONTENT, { 'PATCH /api/dictionary/word': () => problem(429, 'Too many requests') });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    fireEvent.click(wordsFor('katze')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(wordsFor('katze')[0]?.className).toBe('w w--new');
    await waitFor(() => expect(wordsFor('katze')[0]?.className).toBe('w w--known'));
    expect(toastStore.get()[0]?.description).toBe('Too many requests');
  });

  it('tells the author why an administrator declined their article', async () => {
    const declined = article({
      id: ARTICLE_ID,
      name: 'Der Hund',
      content: CONTENT,
      isAuthor: true,
      isPrivate: true,
      declineReason: 'Please add a source.',
    });
    mockReader(CONTENT, { [`GET /api/articles/${ARTICLE_ID}`]: () => json(declined) });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    expect(screen.getByText(/An administrator declined this article for the public library: “Please add a source.”/)).toBeTruthy();
  });

  it('plays the audio the audio manager made, marking the sentence being spoken', async () => {
    const audio = AttachedAudioSchema.parse({
      targetKind: 'article',
      targetId: ARTICLE_ID,
      url: `/api/audio-files/${'a'.repeat(64)}.wav`,
      contentType: 'audio/wav',
      durationSeconds: 4,
      source: 'generated',
      sentences: [
        { start: 0, end: 1.2 },
        { start: 1.2, end: 3.1 },
        { start: 3.1, end: 4 },
      ],
      attachedAt: 1,
    });
    mockReader(CONTENT, { [`GET /api/audio/article/${ARTICLE_ID}`]: () => json({ audio }) });
    renderReader();
    const player = await screen.findByRole('region', { name: 'Listen to the article' });
    const element = player.querySelector('audio')!;
    expect(element.getAttribute('src')).toBe(audio.url);
    // The article's own sentences, each a place to play from; the first is current before playing.
    expect(
      within(player)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Der Hund läuft.', 'der HUND schläft, und die Katze?', 'Der Hund!']);
    const current = () => player.querySelector('[aria-current="true"]')?.textContent;
    expect(current()).toBe('Der Hund läuft.');
    // jsdom plays nothing: the learner picks the second sentence, and the clock is where the browser would put it.
    element.play = async () => undefined;
    await act(async () => fireEvent.click(within(player).getByRole('button', { name: 'der HUND schläft, und die Katze?' })));
    expect(element.currentTime).toBe(1.2);
    expect(current()).toBe('der HUND schläft, und die Katze?');
    Object.defineProperty(element, 'currentTime', { configurable: true, get: () => 3.5 });
    act(() => void element.dispatchEvent(new Event('seeked')));
    expect(current()).toBe('Der Hund!');
  });

  it('shows no player for an article without audio', async () => {
    const fetchMock = mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', `/api/audio/article/${ARTICLE_ID}`)).toHaveLength(1));
    await act(() => new Promise((done) => setTimeout(done, 20))); // the answer (no audio) is rendered
    expect(screen.queryByRole('region', { name: 'Listen to the article' })).toBeNull();
    expect(document.querySelector('audio')).toBeNull();
  });

  it('shows an error with a retry when the article cannot be loaded', async () => {
    mockReader(CONTENT, { [`GET /api/articles/${ARTICLE_ID}`]: () => problem(404, 'Article not found') });
    renderReader();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Article not found');
    mockReader(CONTENT);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await screen.findByRole('heading', { name: 'Der Hund' });
  });
});

describe('ReaderPage pages', () => {
  it('shows about 250 words a page, saves the bookmark and progress on each turn, by button or key', async () => {
    const fetchMock = mockReader(LONG);
    renderReader();
    await screen.findByText('Page 1 of 3');
    expect(document.querySelectorAll('.rd-text [data-key]')).toHaveLength(250);
    expect(pageText().startsWith('eins')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3');
    expect(pageText().trim().startsWith('zwei')).toBe(true);
    fireEvent.keyDown(window, { key: 'PageDown' });
    await screen.findByText('Page 3 of 3');
    expect(document.querySelectorAll('.rd-text [data-key]')).toHaveLength(100);
    fireEvent.keyDown(window, { key: '[' });
    await screen.findByText('Page 2 of 3');

    expect(callsTo(fetchMock, 'POST', '/api/articles/bookmark').map((c) => c.body)).toEqual([
      { articleId: ARTICLE_ID, totalPages: 3, pageNumber: 2, commandId: ID },
      { articleId: ARTICLE_ID, totalPages: 3, pageNumber: 3, commandId: ID },
      { articleId: ARTICLE_ID, totalPages: 3, pageNumber: 2, commandId: ID },
    ]);
    // Each turn is its own command: the last one sets page 2 again rather than being dropped as a repeat.
    expect(new Set(callsTo(fetchMock, 'POST', '/api/articles/bookmark').map((c) => (c.body as { commandId: string }).commandId)).size).toBe(
      3,
    );
    expect(callsTo(fetchMock, 'POST', '/api/articles/progress/add').map((c) => c.body)).toEqual([
      { articleProgressItem: { articleId: ARTICLE_ID, progress: 67 }, language: 'de', commandId: ID },
      { articleProgressItem: { articleId: ARTICLE_ID, progress: 100 }, language: 'de', commandId: ID },
      { articleProgressItem: { articleId: ARTICLE_ID, progress: 67 }, language: 'de', commandId: ID },
    ]);
    expect(callsTo(fetchMock, 'PATCH', '/api/articles/totalReads').map((c) => c.body)).toEqual([
      { articleId: ARTICLE_ID, language: 'de', commandId: ID },
    ]);
  });

  it('turns the page when an arrow key goes past the last or first word', async () => {
    mockReader(LONG);
    renderReader();
    await screen.findByText('Page 1 of 3');
    const words = () => Array.from(document.querySelectorAll<HTMLElement>('.rd-text [data-key]'));
    const last = words().at(-1) as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'ArrowRight' });
    await screen.findByText('Page 2 of 3');
    expect(document.activeElement).toBe(words()[0]);
    fireEvent.keyDown(words()[0] as HTMLElement, { key: 'ArrowLeft' });
    await screen.findByText('Page 1 of 3');
    expect(document.activeElement).toBe(words().at(-1));
  });

  it('reopens at the bookmarked page', async () => {
    mockReader(LONG, {
      'GET /api/articles/bookmark': () => json({ bookmark: { articleId: ARTICLE_ID, totalPages: 3, pageNumber: 3 } }),
    });
    renderReader();
    await screen.findByText('Page 3 of 3');
    expect(pageText().trim().startsWith('drei')).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the bookmark at or after its last write when the article is opened again (read-your-writes)', async () => {
    const fetchMock = mockReader(LONG, { 'POST /api/articles/bookmark': () => json({ position: '812.3' }) });
    const first = renderReader();
    await screen.findByText('Page 1 of 3');
    expect(callsTo(fetchMock, 'GET', '/api/articles/bookmark')[0]?.url.searchParams.get('minPosition')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(window.sessionStorage.getItem('verba:latest-position')).toBe('812.3'));
    first.unmount();

    renderReader();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/articles/bookmark')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/api/articles/bookmark')[1]?.url.searchParams.get('minPosition')).toBe('812.3');
  });

  it('marks the rest of the page known in one PATCH and turns the page', async () => {
    const fetchMock = mockReader(LONG, {
      'GET /api/dictionary': () => json({ languageCode: 'de', words: [{ value: 'eins', status: 'uncertain' }] }),
    });
    renderReader();
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Mark the rest of this page as known' }));
    await screen.findByText('Page 2 of 3');
    // Only the still-New word of page 1 ("ende0"); "eins" stays Uncertain.
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary').map((c) => c.body)).toEqual([
      { languageCode: 'de', words: [{ value: 'ende0', status: 'known' }], commandId: ID },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Page 1 of 3');
    expect(wordsFor('ende0')[0]?.className).toBe('w w--known');
    expect(wordsFor('eins')[0]?.className).toBe('w w--uncertain');
  });

  describe('with a learner signed in, whose current language is German', () => {
    const learner = () =>
      session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'de' });

    it('asks for the word statuses while the article is still on its way, not after it', async () => {
      learner();
      let answerArticle!: () => void;
      const articleSent = new Promise<void>((resolve) => (answerArticle = resolve));
      const fetchMock = mockReader(CONTENT, {
        [`GET /api/articles/${ARTICLE_ID}`]: async () => {
          await articleSent;
          return json(article({ id: ARTICLE_ID, name: 'Der Hund', content: CONTENT }));
        },
      });
      try {
        renderReader();
        await waitFor(() =>
          expect(callsTo(fetchMock, 'GET', '/api/dictionary').map((c) => c.url.searchParams.get('languageCode'))).toEqual(['de']),
        );
        answerArticle();
        await screen.findByRole('heading', { name: 'Der Hund' });
        expect(wordsFor('katze')[0]?.className).toBe('w w--known');
        expect(callsTo(fetchMock, 'GET', '/api/dictionary')).toHaveLength(1);
      } finally {
        session.signedOut();
      }
    });

    it("colours an article in another language by that language's statuses", async () => {
      learner();
      const fetchMock = mockReader('Le chien dort.', {
        [`GET /api/articles/${ARTICLE_ID}`]: () =>
          json(article({ id: ARTICLE_ID, name: 'Le chien', content: 'Le chien dort.', languageCode: 'fr' })),
        'GET /api/dictionary': (url) =>
          json(
            url.searchParams.get('languageCode') === 'fr'
              ? { languageCode: 'fr', words: [{ value: 'chien', status: 'known' }] }
              : { languageCode: 'de', words: [] },
          ),
      });
      try {
        renderReader();
        await screen.findByRole('heading', { name: 'Le chien' });
        await waitFor(() => expect(wordsFor('chien')[0]?.className).toBe('w w--known'));
        expect(callsTo(fetchMock, 'GET', '/api/dictionary').map((c) => c.url.searchParams.get('languageCode'))).toContain('fr');
      } finally {
        session.signedOut();
      }
    });
  });
});
