// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SentencePlayer } from './SentencePlayer';

afterEach(() => cleanup());

const audio = {
  url: '/api/audio-files/x.wav',
  durationSeconds: 3.5,
  sentences: [
    { start: 0, end: 1.5 },
    { start: 1.5, end: 3.5 },
  ],
};

/** jsdom plays nothing: the element's clock is set by hand and its events fired as a browser would. */
function mediaOf(container: HTMLElement) {
  const element = container.querySelector('audio')!;
  let time = 0;
  let paused = true;
  Object.defineProperty(element, 'currentTime', { get: () => time, set: (t: number) => void (time = t) });
  Object.defineProperty(element, 'paused', { get: () => paused });
  element.play = vi.fn(async () => {
    paused = false;
    element.dispatchEvent(new Event('play'));
  });
  element.pause = vi.fn(() => {
    paused = true;
    element.dispatchEvent(new Event('pause'));
  });
  return { element, at: (t: number) => act(() => void ((time = t), element.dispatchEvent(new Event('seeked')))) };
}

describe('SentencePlayer', () => {
  it('highlights the sentence being spoken as the audio plays on', () => {
    const { container } = render(<SentencePlayer audio={audio} text="Guten Tag! <b>Wie</b> geht es?" />);
    const media = mediaOf(container);
    const current = () => container.querySelector('[aria-current="true"]')?.textContent;
    expect(current()).toBe('Guten Tag!');
    media.at(2);
    // User text is shown as text, never as markup.
    expect(current()).toBe('<b>Wie</b> geht es?');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('0:02 / 0:03')).toBeTruthy();
    media.at(3.6);
    expect(current()).toBeUndefined();
  });

  it('plays and pauses, and plays from a sentence the learner picks; the admin sees the timings', async () => {
    const { container } = render(<SentencePlayer audio={audio} text="Guten Tag! Wie geht es?" showTimes />);
    const media = mediaOf(container);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play' })));
    expect(media.element.play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pause' })));
    expect(media.element.pause).toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Wie geht es\?$/ })));
    expect(media.element.currentTime).toBe(1.5);
    expect(container.querySelector('[aria-current="true"]')?.textContent).toContain('Wie geht es?');
    expect(screen.getByText('1.50–3.50 s')).toBeTruthy();
  });

  it('keeps playing when the seek to a clicked sentence ends after playback began (as a browser seeks)', async () => {
    const { container } = render(<SentencePlayer audio={audio} text="Guten Tag! Wie geht es?" />);
    const media = mediaOf(container);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Wie geht es\?$/ })));
    // The browser's 'seeked' comes once the bytes from there have arrived, after 'play'.
    act(() => void media.element.dispatchEvent(new Event('seeked')));
    expect(screen.getByRole('button', { name: 'Pause' }).getAttribute('aria-pressed')).toBe('true');
    expect(container.querySelector('[aria-current="true"]')?.textContent).toContain('Wie geht es?');
  });
  it('repeats the sentence heard, by its button or its key (not while typing), at the speed the learner picks', async () => {
    const { container } = render(
      <>
        <input aria-label="Somewhere to type" />
        <SentencePlayer audio={audio} text="Guten Tag! Wie geht es?" repeatKey="r" />
      </>,
    );
    const media = mediaOf(container);
    media.at(2.2);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Repeat sentence' })));
    expect(media.element.currentTime).toBe(1.5);
    expect(media.element.play).toHaveBeenCalledTimes(1);

    // Past the end, the last sentence heard is the one repeated; R does it from anywhere on the page.
    media.at(3.6);
    await act(async () => fireEvent.keyDown(document.body, { key: 'R' }));
    expect(media.element.currentTime).toBe(1.5);
    expect(media.element.play).toHaveBeenCalledTimes(2);
    media.at(0.4);
    await act(async () => fireEvent.keyDown(screen.getByRole('textbox', { name: 'Somewhere to type' }), { key: 'r' }));
    expect(media.element.currentTime).toBe(0.4);
    expect(media.element.play).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Repeat sentence' }).getAttribute('aria-keyshortcuts')).toBe('R');

    fireEvent.change(screen.getByRole('combobox', { name: /Speed/ }), { target: { value: '0.75' } });
    expect(media.element.playbackRate).toBe(0.75);
  });
});
