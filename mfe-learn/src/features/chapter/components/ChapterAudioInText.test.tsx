// @vitest-environment jsdom
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAudio } from '@verba/contracts';
import { KitProviders } from '@verba/kit/query';
import { mockApi } from '../../../test/fixtures';
import { ChapterAudio } from './ChapterAudio';
import { ChapterText } from './ChapterText';

const CHAPTER = '6f1c2a36-2f5b-4a0e-9a53-1d7d1b8f0c11';
const TEXT = 'Das ist mein Vater. Er arbeitet viel.\nMeine Mutter liest gern.';

/** The chapter's audio as the server gives it: one timing per sentence of the text. */
const audio = {
  targetKind: 'chapter' as const,
  targetId: CHAPTER,
  url: '/api/audio/files/x.mp3',
  contentType: 'audio/mpeg' as const,
  durationSeconds: 6,
  source: 'upload' as const,
  sentences: [
    { start: 0, end: 2 },
    { start: 2, end: 4 },
    { start: 4, end: 6 },
  ],
  attachedAt: 1,
};

function chapter() {
  mockApi([{ route: getAudio, path: `/api/audio/chapter/${CHAPTER}`, reply: () => ({ audio }) }]);
  return render(
    <KitProviders>
      <ChapterAudio chapterId={CHAPTER} text={TEXT} />
      <ChapterText text={TEXT} statuses={new Map()} translations={new Map()} onMark={() => undefined} />
    </KitProviders>,
  );
}

/** The words of the chapter text lit as the sentence being heard. */
const lit = () => Array.from(document.querySelectorAll('.ln-text [data-spoken]')).map((e) => e.textContent);

/** The player's <audio> at `seconds`, telling it as a playing element does. */
function playAt(seconds: number, type = 'timeupdate') {
  const element = document.querySelector<HTMLAudioElement>('[data-testid="sentence-audio"]')!;
  Object.defineProperty(element, 'currentTime', { configurable: true, value: seconds });
  act(() => void element.dispatchEvent(new Event(type)));
}

describe("a chapter's audio lit in the chapter's text", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lights the words of the sentence being heard, moves with the audio, and puts the light out at the end', async () => {
    chapter();
    await waitFor(() => expect(document.querySelector('[data-testid="sentence-audio"]')).not.toBeNull());
    expect(lit()).toEqual([]);
    playAt(0.5, 'play');
    expect(lit()).toEqual(['Das', 'ist', 'mein', 'Vater']);
    playAt(2.5);
    expect(lit()).toEqual(['Er', 'arbeitet', 'viel']);
    playAt(5, 'seeked'); // the learner jumped to the next line's sentence
    expect(lit()).toEqual(['Meine', 'Mutter', 'liest', 'gern']);
    playAt(6, 'ended');
    expect(lit()).toEqual([]);
  });
});
