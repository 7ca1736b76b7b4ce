// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, TranslationResultSchema } from '@verba/contracts';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID, callsTo, json, problem, profile } from '../../../test/mock-api';
import { ARTICLE_ID, CARD_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';

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

  it('says plainly when no translation is found, with no error and no card to add', async () => {
    // A server answer as the contract describes it (the local provider knows none of the words).
    const notFound = TranslationResultSchema.parse({ success: true, found: false, data: '', duration_s: 0.01 });
    await openReader({ 'POST /api/translation-ai': () => json(notFound), 'POST /api/translation': () => json(notFound) });
    fireEvent.click(word('hund'));
    expect((await screen.findByText('No translation found for this word')).className).toBe('rd-translation__none');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: 'Add to flashcards' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Translate the sentence' }));
    await screen.findByText('No translation found for this text');
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
      flashcard: { sourceValue: 'Hund läuft schnell', targetValue: 'the dog runs', origin: 'article', originId: ARTICLE_ID, originName: 'Der Hund' },
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
    const fetchMock = await openReader({
      'GET /api/flashcards/created': () =>
        json({ articleId: ARTICLE_ID, flashcards: [{ id: CARD_ID, sourceValue: 'Katze', targetValue: 'cat', status: 'uncertain' }] }),
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
