import { useRef } from 'react';
import { Button } from '@verba/kit';
import { PLAY_SENTENCE_KEY, useReadAloud, type ReadAloudOptions } from './use-read-aloud';
import './readaloud.css';

/** "Play sentence" and "Read aloud" among the reader's tools (see useReadAloud), and why speech failed. */
export function ReadAloudButtons(props: Omit<ReadAloudOptions, 'anchor'>) {
  const anchor = useRef<HTMLDivElement>(null);
  const speech = useReadAloud({ ...props, anchor });
  const reading = speech.state.mode === 'page';
  return (
    <div className="rd-readaloud" ref={anchor}>
      <Button
        size="sm"
        variant="secondary"
        onClick={speech.playSentence}
        aria-keyshortcuts={PLAY_SENTENCE_KEY.toUpperCase()}
        title="The sentence of the selected word (key P)"
      >
        <span aria-hidden="true">▶</span> Play sentence
      </Button>
      <Button size="sm" variant={reading ? 'primary' : 'secondary'} aria-pressed={reading} onClick={speech.toggleReading}>
        Read aloud
      </Button>
      {speech.error ? (
        <p className="rd-warning" role="status">
          {speech.error}
        </p>
      ) : null}
    </div>
  );
}
