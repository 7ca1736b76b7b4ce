import type { ReactNode, RefObject } from 'react';
import { Button } from '@verba/kit';
import type { LearningLanguage } from '@verba/contracts';
import { useMarkWord, type WordStatus } from '../api/reader-api';
import { usePainted, type WordIndex } from '../word-index';
import { isPhrase, type SelectedWord } from './ReaderText';
import { WordHelp } from './WordHelp';
import { FamilyChoice } from './FamilyChoice';
import { TOUCH_ONLY, useMediaQuery } from '../touch/media';
import { useSheetDrag } from '../touch/use-sheet-drag';

const CHOICES: Array<{ status: WordStatus; label: string; shortcut: string }> = [
  { status: 'new', label: 'New', shortcut: '1 / N' },
  { status: 'uncertain', label: 'Uncertain', shortcut: '2 / U' },
  { status: 'known', label: 'Known', shortcut: '3 / K' },
  // Names, numbers, foreign words: painted as plain text and counted nowhere.
  { status: 'ignored', label: 'Ignored', shortcut: 'I' },
];

interface Props {
  word: SelectedWord | null;
  /** The page's words: the selected word's status is its paint there, and a mark repaints it. */
  words: WordIndex | null;
  /** The article read: its language, and its id and name for the flashcards made from it. */
  article: { id: string; name: string; languageCode: LearningLanguage };
  hasCard: boolean;
  /** The selected word's flashcard when it is due today, with "I knew it here" (review in the text). */
  dueCard?: ReactNode;
  /** A bottom sheet (a narrow screen): closed while no word is selected, closed by its button or a drag down. */
  sheet?: { onClose: () => void; ref: RefObject<HTMLElement | null> } | null;
}

/** The selected word (or phrase) and how often it is on the page. Its status is the pressed button below, said once. */
function Heading({ word, occurrences, languageCode }: { word: SelectedWord; occurrences: number; languageCode: LearningLanguage }) {
  if (isPhrase(word)) {
    return (
      <>
        <p className="rd-panel__word rd-panel__word--phrase" lang={languageCode}>
          {word.text}
        </p>
        <p className="rd-panel__status">
          {word.last - word.first + 1} words selected{occurrences > 1 ? `, ${occurrences} times on this page` : ''}
        </p>
      </>
    );
  }
  return (
    <>
      <p className="rd-panel__word" lang={languageCode}>
        {word.text}
      </p>
      {word.separable ? (
        <p className="rd-panel__status">
          Separable verb: <span lang={languageCode}>{word.separable}</span>
        </p>
      ) : null}
      {occurrences > 1 ? <p className="rd-panel__status">{occurrences} times on this page</p> : null}
    </>
  );
}

export function WordPanel({ word, words, article, hasCard, dueCard = null, sheet = null }: Props) {
  const { languageCode } = article;
  const touch = useMediaQuery(TOUCH_ONLY);
  const mark = useMarkWord(article);
  usePainted(words);
  if (sheet && !word) return null;
  // A phrase is marked by its dictionary key; one that cannot be saved (punctuation between, 9 words) says why.
  const marked = word && isPhrase(word) ? (word.phrase?.key ?? null) : (word?.word ?? null);
  const status: WordStatus = marked && words ? words.markOf(marked) : 'new';
  const occurrences = marked && words ? words.occurrences(marked) : 0;
  const heading = word ? <Heading word={word} occurrences={occurrences} languageCode={languageCode} /> : null;
  return (
    <aside className={sheet ? 'rd-panel rd-panel--sheet' : 'rd-panel'} aria-label="Selected word" ref={sheet?.ref}>
      {sheet ? (
        <SheetBar onClose={sheet.onClose} sheet={sheet.ref}>
          {heading}
        </SheetBar>
      ) : (
        heading
      )}
      {word && marked ? (
        <div className="rd-panel__actions rd-panel__marks" role="group" aria-label={isPhrase(word) ? 'Mark phrase as' : 'Mark word as'}>
          {CHOICES.map((choice) => (
            <Button
              key={choice.status}
              size="sm"
              variant={choice.status === status ? 'primary' : 'secondary'}
              aria-pressed={choice.status === status}
              aria-keyshortcuts={choice.shortcut.replace(' / ', ' ')}
              onClick={() => words && mark(words, { word: marked, text: word.text, sentence: word.sentence }, choice.status)}
            >
              {choice.label}
            </Button>
          ))}
        </div>
      ) : null}
      {word?.phrase?.refused ? <p className="rd-panel__hint">{word.phrase.refused}</p> : null}
      {word ? dueCard : null}
      <FamilyChoice word={word && !isPhrase(word) ? word.word : null} words={words} languageCode={languageCode} />
      {word ? (
        <WordHelp key={`${word.first}-${word.last}`} word={word} languageCode={languageCode} article={article} hasCard={hasCard} />
      ) : null}
      {!word ? (
        <p className="rd-panel__hint">
          {touch
            ? 'Tap a word to see and mark it.'
            : 'Click a word, or Tab into the text and use the arrow keys, to see and mark it. Shift+click or drag to select several words.'}
        </p>
      ) : null}
      {touch ? null : <KeyboardHelp />}
    </aside>
  );
}

/** The sheet's top: a grip to drag it down by, the word, and a close button. */
function SheetBar({ onClose, sheet, children }: { onClose: () => void; sheet: RefObject<HTMLElement | null>; children: ReactNode }) {
  const drag = useSheetDrag(onClose, sheet);
  return (
    <div className="rd-sheet__bar" {...drag}>
      <span className="rd-sheet__grip" aria-hidden="true" />
      <div className="rd-sheet__title">{children}</div>
      <button type="button" className="rd-sheet__close" aria-label="Close the word panel" onClick={onClose}>
        ×
      </button>
    </div>
  );
}

function KeyboardHelp() {
  return (
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
        <dt>I</dt>
        <dd>mark Ignored (a name, a number, a foreign word: counted nowhere)</dd>
        <dt>P</dt>
        <dd>play the sentence aloud</dd>
        <dt>R</dt>
        <dd>repeat the sentence being heard in the article’s audio (where it has audio)</dd>
        <dt>G</dt>
        <dd>I knew it here: a review rated Good of the word’s flashcard due today (heavy dotted underline)</dd>
        <dt>Shift + ← →</dt>
        <dd>select several words: a phrase of up to 8 words, which the keys above mark</dd>
        <dt>Enter / Esc</dt>
        <dd>open the word (on a saved phrase: the phrase, again for the word) / close</dd>
        <dt>PageDown / PageUp, ] / [</dt>
        <dd>next / previous page (also → on the last word, ← on the first)</dd>
        <dt>Tab</dt>
        <dd>leave the text (to these buttons)</dd>
      </dl>
    </details>
  );
}
