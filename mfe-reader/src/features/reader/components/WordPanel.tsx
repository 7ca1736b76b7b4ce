import { Button } from '@verba/kit';
import type { LearningLanguage } from '@verba/contracts';
import type { WordStatus } from '../api/reader-api';
import { isPhrase, type SelectedWord } from './ReaderText';
import { WordHelp } from './WordHelp';

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
  languageCode: LearningLanguage;
  article: { id: string; name: string };
  hasCard: boolean;
}

export function WordPanel({ word, status, occurrences, onMark, languageCode, article, hasCard }: Props) {
  return (
    <aside className="rd-panel" aria-label="Selected word">
      {word && isPhrase(word) ? (
        <>
          <p className="rd-panel__word rd-panel__word--phrase">{word.text}</p>
          <p className="rd-panel__status">{word.last - word.first + 1} words selected</p>
          <WordHelp key={`${word.first}-${word.last}`} word={word} languageCode={languageCode} article={article} hasCard={hasCard} />
        </>
      ) : word ? (
        <>
          <p className="rd-panel__word" lang={languageCode}>
            {word.text}
          </p>
          <p className="rd-panel__status" aria-live="polite">
            {status === 'new' ? 'New' : status === 'known' ? 'Known' : 'Uncertain'}
            {occurrences > 1 ? ` · ${occurrences} times on this page` : ''}
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
          <WordHelp key={`${word.first}-${word.last}`} word={word} languageCode={languageCode} article={article} hasCard={hasCard} />
        </>
      ) : (
        <p className="rd-panel__hint">
          Click a word, or Tab into the text and use the arrow keys, to see and mark it. Shift+click or drag to select several
          words.
        </p>
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
          <dt>Shift + ← →</dt>
          <dd>select several words</dd>
          <dt>Enter / Esc</dt>
          <dd>open the word / close</dd>
          <dt>PageDown / PageUp, ] / [</dt>
          <dd>next / previous page (also → on the last word, ← on the first)</dd>
          <dt>Tab</dt>
          <dd>leave the text (to these buttons)</dd>
        </dl>
      </details>
    </aside>
  );
}
