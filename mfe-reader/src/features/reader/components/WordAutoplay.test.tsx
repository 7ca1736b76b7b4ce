// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { callsTo, json, profile } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { AUTOPLAY_SETTLE_MS } from '../use-word-autoplay';
import { ReaderPage } from './ReaderPage';

const CONTENT = 'Der Hund läuft schnell. Die Katze schläft.';
const word = (key: string) => document.querySelector<HTMLElement>(`.rd-text [data-key="${key}"]`) as HTMLElement;
const play = vi.fn(async () => undefined);
const settle = () => new Promise((resolve) => setTimeout(resolve, AUTOPLAY_SETTLE_MS + 50));

async function openReader(speech: Record<string, unknown>) {
  const fetchMock = mockReader(CONTENT, { 'GET /api/user/profile': () => json(profile({ speech })) });
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
  await screen.findByRole('heading', { name: 'Der Hund' });
  await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/profile').length).toBeGreaterThan(0));
  await new Promise((r) => setTimeout(r, 0));
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

describe('"Play words aloud when I open them"', () => {
  it('speaks each opened word once, with the voice and speed of the settings', async () => {
    const fetchMock = await openReader({ autoplay: true, speed: 1.25, voices: { de: 'Hans' } });
    fireEvent.click(word('hund'));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'POST', '/api/tts').map((c) => c.body)).toEqual([{ text: 'Hund', voiceId: 'Hans', speed: 1.25 }]);

    // The same word selected again (a mark by key selects it) is not opened anew.
    fireEvent.keyDown(word('hund'), { key: '3' });
    fireEvent.click(word('hund'));
    await settle();
    expect(play).toHaveBeenCalledTimes(1);

    fireEvent.click(word('katze'));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(callsTo(fetchMock, 'POST', '/api/tts').map((c) => (c.body as { text: string }).text)).toEqual(['Hund', 'Katze']);
  });

  it('speaks only the word the learner stays on when arrowing through the text, and no phrase', async () => {
    const fetchMock = await openReader({ autoplay: true });
    const der = word('der');
    der.focus();
    fireEvent.keyDown(der, { key: 'ArrowRight' });
    fireEvent.keyDown(word('hund'), { key: 'ArrowRight' });
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, 'POST', '/api/tts').map((c) => (c.body as { text: string }).text)).toEqual(['läuft']);

    fireEvent.keyDown(word('läuft'), { key: 'ArrowRight', shiftKey: true });
    await settle();
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('speaks nothing when the switch is off', async () => {
    const fetchMock = await openReader({ autoplay: false });
    fireEvent.click(word('hund'));
    await screen.findByText('dog');
    await settle();
    expect(play).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'POST', '/api/tts')).toEqual([]);
  });
});
