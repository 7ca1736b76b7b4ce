// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, TranslationResultSchema } from '@verba/contracts';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID, callsTo, json, problem, profile } from '../../../test/mock-api';
import { ARTICLE_ID, CARD_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';
import { GLOSS_LABEL, GLOSS_NOTE, NEEDS_MEANING } from './WordHelp';

const CONTENT = 'Der Hund läuft schnell. Die Katze schläft.';
const word = (key: string) => document.querySelector<HTMLElement>(`.rd-text [data-key="${key}"]`) as HTMLElement;
const play = vi.fn(async () => undefined);

async function openReader(overrides: Parameters<typeof mockReader>[1] = {}) {
  const fetchMock = mockReader(CONTENT, overrides);
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
  await screen.findByRole('heading', { name: 'Der Hund' });
  return fetchMock;
}

beforeEach(() => {
  play.mockClear();
  vi.stubGlobal(
    'Audio',
    class {
      constructor(readonly src: string) {}
      addEventListener() {}
      play = play;
    },
  );
  URL.createObjectURL = vi.fn(() => 'blob:audio');
  URL.revokeObjectURL = vi.fn();
});
resetAfterEach();

describe('the word panel', () => {
  it('translates a clicked word in its sentence', async () => {
    const fetchMock = await openReader();
    fireEvent.click(word('hund'));
    await screen.findByText('dog');
    const body = callsTo(fetchMock, 'POST', '/api/translation-ai')[0]?.body as { text: string; prompt: string; languageCode: string };
    expect(body.text).toBe('Hund');
    expect(body.languageCode).toBe('de');
    expect(body.prompt).toContain('Der Hund läuft schnell.');
    expect(body.prompt).not.toContain('Katze');

    fireEvent.click(screen.getByRole('button', { name: 'Translate the sentence' }));
    await screen.findByText('The dog runs.');
    expect(callsTo(fetchMock, 'POST', '/api/translation')[0]?.body).toEqual({ text: 'Der Hund läuft schnell.', languageCode: 'de' });
  });

  it('shows a translation error in place', async () => {
    await openReader({ 'POST /api/translation-ai': () => problem(502, MESSAGES.other.translationError) });
    fireEvent.click(word('hund'));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.other.translationError);
  });

  it('says plainly when no translation is found, and the learner types their own meaning, saved and used for the card', async () => {
    // A server answer as the contract describes it (the dictionary knows none of the words).
    const notFound = TranslationResultSchema.parse({ success: true, found: false, data: '', duration_s: 0.01 });
    const fetchMock = await openReader({ 'POST /api/translation-ai': () => json(notFound), 'POST /api/translation': () => json(notFound) });
    fireEvent.click(word('hund'));
    expect((await screen.findByText('No translation found for this word')).className).toBe('rd-translation__none');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Translate the sentence' }));
    await screen.findByText('No translation found for this text');

    // The card button stays usable: it asks for the meaning the card's back needs.
    const addButton = screen.getByRole('button', { name: 'Add to flashcards' }) as HTMLButtonElement;
    expect(addButton.disabled).toBe(false);
    const field = (await screen.findByLabelText('Your meaning of “Hund”')) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Save meaning' }));
    expect((await screen.findByText('Required')).className).toBe('vk-field__error');
    fireEvent.change(field, { target: { value: 'x'.repeat(301) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save meaning' }));
    await screen.findByText('Maximum 300 letters are allowed');
    expect(callsTo(fetchMock, 'POST', '/api/translation/meanings')).toHaveLength(0);

    fireEvent.click(addButton);
    await screen.findByText(NEEDS_MEANING);
    fireEvent.change(screen.getByLabelText('Your meaning of “Hund”'), { target: { value: ' hound ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save meaning' }));
    await screen.findByRole('button', { name: 'In your flashcards' });
    expect(callsTo(fetchMock, 'POST', '/api/translation/meanings')[0]?.body).toEqual({
      languageCode: 'de',
      word: 'Hund',
      meaning: 'hound',
      commandId: COMMAND_ID,
    });
    expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')[0]?.body).toMatchObject({
      flashcard: { sourceValue: 'Hund', targetValue: 'hound' },
    });
    // Read again at the save's position.
    expect(await screen.findByText('hound', { selector: '.rd-own-meaning__text' })).toBeTruthy();

    // Next time the word is opened, the meaning is offered (from the tab's cache, no new request).
    const askedForHund = () =>
      callsTo(fetchMock, 'GET', '/api/translation/meanings').filter((c) => c.url.searchParams.get('word') === 'Hund');
    await waitFor(() => expect(askedForHund().at(-1)?.url.searchParams.get('minPosition')).toBe('8.1')); // after the card too
    const asked = askedForHund().length;
    fireEvent.click(word('katze'));
    fireEvent.click(word('hund'));
    expect((await screen.findByText('hound', { selector: '.rd-own-meaning__text' })).textContent).toBe('hound');
    expect(askedForHund()).toHaveLength(asked);
  });

  it('offers the meaning the learner saved before, and uses it for the card over the dictionary', async () => {
    const fetchMock = await openReader({
      'POST /api/translation-ai': () =>
        json({ success: true, found: true, data: 'dog; hound', duration_s: 0.01, source: 'dictionary', lemma: 'hund' }),
      'GET /api/translation/meanings': (url) => json({ word: url.searchParams.get('word'), meaning: 'my faithful dog' }),
    });
    fireEvent.click(word('hund'));
    await screen.findByText('dog; hound');
    expect(screen.getByText('Dictionary', { selector: '.rd-translation__label' })).toBeTruthy();
    expect(screen.getByText('from hund')).toBeTruthy();
    expect(await screen.findByText('my faithful dog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to flashcards' }));
    await screen.findByRole('button', { name: 'In your flashcards' });
    expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')[0]?.body).toMatchObject({
      flashcard: { sourceValue: 'Hund', targetValue: 'my faithful dog' },
    });
  });

  it('keeps the card button usable when the look-up fails, and labels a word-by-word gloss as one', async () => {
    await openReader({
      'POST /api/translation-ai': () => problem(502, MESSAGES.other.translationError),
      'POST /api/translation': () => json({ success: true, found: true, data: 'The dog runs quickly.', duration_s: 0.01, source: 'gloss' }),
    });
    fireEvent.click(word('hund'));
    await screen.findByRole('alert');
    expect((screen.getByRole('button', { name: 'Add to flashcards' }) as HTMLButtonElement).disabled).toBe(false);
    await screen.findByLabelText('Your meaning of “Hund”');
    fireEvent.click(screen.getByRole('button', { name: 'Translate the sentence' }));
    await screen.findByText('The dog runs quickly.');
    expect(screen.getByText(GLOSS_LABEL, { selector: '.rd-translation__label' })).toBeTruthy();
    expect(screen.getByText(GLOSS_NOTE)).toBeTruthy();
    expect(screen.queryByText('The sentence', { selector: '.rd-translation__label' })).toBeNull();
  });

  it('translates several words selected with shift+click as one phrase, and adds it as a card', async () => {
    const fetchMock = await openReader();
    fireEvent.click(word('hund'));
    fireEvent.click(word('schnell'), { shiftKey: true });
    await screen.findByText('3 words selected');
    await screen.findByText('the dog runs');
    expect(callsTo(fetchMock, 'POST', '/api/translation-ai/multi-words-translation-prompt/post')[0]?.body).toEqual({
      text: 'Hund läuft schnell',
      languageCode: 'de',
    });
    expect(document.querySelectorAll('.rd-text [data-sel]')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Add to flashcards' }));
    await screen.findByRole('button', { name: 'In your flashcards' });
    expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')[0]?.body).toEqual({
      languageCode: 'de',
      flashcard: {
        sourceValue: 'Hund läuft schnell',
        targetValue: 'the dog runs',
        origin: 'article',
        originId: ARTICLE_ID,
        originName: 'Der Hund',
      },
      commandId: COMMAND_ID,
    });
  });

  it('selects a phrase by dragging from one word to another', async () => {
    await openReader();
    fireEvent.mouseDown(word('katze'));
    fireEvent.mouseUp(word('schläft'));
    await screen.findByText('2 words selected');
    expect(screen.getByText('Katze schläft', { selector: '.rd-panel__word' })).toBeTruthy();
  });

  it('adds a word to the flashcards from the article, and marks words that already have a card', async () => {
    // Like the server: the cards made from the article, the one added here too (read at its position).
    const cards = [{ id: CARD_ID, sourceValue: 'Katze', targetValue: 'cat', status: 'uncertain' }];
    const fetchMock = await openReader({
      'GET /api/flashcards/created': () => json({ articleId: ARTICLE_ID, flashcards: cards }),
      'POST /api/flashcards/one': () => {
        cards.push({ id: CARD_ID, sourceValue: 'Hund', targetValue: 'dog', status: 'uncertain' });
        return json({ changed: 1, id: CARD_ID, position: '8.1' }, 201);
      },
    });
    await waitFor(() => expect(word('katze').hasAttribute('data-card')).toBe(true));
    expect(word('hund').hasAttribute('data-card')).toBe(false);
    fireEvent.click(word('katze'));
    expect((screen.getByRole('button', { name: 'In your flashcards' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(word('hund'));
    await screen.findByText('dog');
    fireEvent.click(screen.getByRole('button', { name: 'Add to flashcards' }));
    await waitFor(() => expect(word('hund').hasAttribute('data-card')).toBe(true));
    expect(callsTo(fetchMock, 'POST', '/api/flashcards/one')[0]?.body).toMatchObject({
      flashcard: { sourceValue: 'Hund', targetValue: 'dog', origin: 'article', originId: ARTICLE_ID },
    });
  });

  it("speaks a word with the user's voice and speed, with the CSRF header", async () => {
    document.cookie = 'verba_csrf=token-1';
    const fetchMock = await openReader({
      'GET /api/user/profile': () => json(profile({ speech: { speed: 1.5, voices: { de: 'Hans' } } })),
    });
    fireEvent.click(word('hund'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/profile')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Listen to “Hund”' }));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'POST', '/api/tts')[0]?.body).toEqual({ text: 'Hund', voiceId: 'Hans', speed: 1.5 });
    const init = fetchMock.mock.calls.find(([url]) => url === '/api/tts')?.[1];
    expect((init?.headers as Record<string, string>)['x-verba-csrf']).toBe('token-1');
    expect(init?.credentials).toBe('include');
  });

  it('tells a free user over the monthly limit, says when the server has no speech, and says so differently when speech fails', async () => {
    let status = 403;
    await openReader({ 'POST /api/tts': () => problem(status, 'nope') });
    fireEvent.click(word('hund'));
    fireEvent.click(screen.getByRole('button', { name: 'Listen to “Hund”' }));
    expect((await screen.findByText(MESSAGES.tts.monthlyLimitReached)).getAttribute('role')).toBe('status');
    expect(play).not.toHaveBeenCalled();

    status = 503;
    fireEvent.click(screen.getByRole('button', { name: 'Listen to “Hund”' }));
    expect((await screen.findByText('Speech is unavailable on this server')).getAttribute('role')).toBe('status');

    status = 500;
    fireEvent.click(screen.getByRole('button', { name: 'Listen to “Hund”' }));
    expect((await screen.findByText('Error synthesizing speech')).getAttribute('role')).toBe('alert');
  });
});
