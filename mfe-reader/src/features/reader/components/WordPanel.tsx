import { Button } from '@verba/kit';
import type { WordStatus } from '../api/reader-api';
import type { SelectedWord } from './ReaderText';

const CHOICES: Array<{ status: WordStatus; label: string; shortcut: string }> = [
  { status: 'new', label: 'New', shortcut: '1 / N' },
  { status: 'uncertain', label: 'Uncertain', shortcut: '2 / U' },
  { status: 'known', label: 'Known', shortcut: '3 / K' },
];

interface Props {
  word: SelectedWord | null;
  status: WordStatus;
  occurrences: number;
  onMark: (key: string, status: WordStatus) => void;
}

export function WordPanel({ word, status, occurrences, onMark }: Props) {
  return (
    <aside className="rd-panel" aria-label="Selected word">
      {word ? (
        <>
          <p className="rd-panel__word" lang="">
            {word.text}
          </p>
          <p className="rd-panel__status" aria-live="polite">
            {status === 'new' ? 'New' : status === 'known' ? 'Known' : 'Uncertain'}
            {occurrences > 1 ? ` · ${occurrences} times in this text` : ''}
          </p>
          <div className="rd-panel__actions" role="group" aria-label="Mark word as">
            {CHOICES.map((choice) => (
              <Button
                key={choice.status}
                size="sm"
                variant={choice.status === status ? 'primary' : 'secondary'}
                aria-pressed={choice.status === status}
                aria-keyshortcuts={choice.shortcut.replace(' / ', ' ')}
                onClick={() => onMark(word.key, choice.status)}
              >
                {choice.label}
              </Button>
            ))}
          </div>
        </>
      ) : (
        <p className="rd-panel__hint">Click a word, or Tab into the text and use the arrow keys, to see and mark it.</p>
      )}
      <details className="rd-help">
        <summary>Keyboard shortcuts</summary>
        <dl>
          <dt>← → / ↑ ↓</dt>
          <dd>previous / next word, line above / below</dd>
          <dt>Home / End</dt>
          <dd>first / last word</dd>
          <dt>1 or N</dt>
          <dd>mark New</dd>
          <dt>2 or U</dt>
          <dd>mark Uncertain</dd>
          <dt>3 or K</dt>
          <dd>mark Known</dd>
          <dt>Enter / Esc</dt>
          <dd>select word / close</dd>
          <dt>Tab</dt>
          <dd>leave the text (to these buttons)</dd>
        </dl>
      </details>
    </aside>
  );
}
