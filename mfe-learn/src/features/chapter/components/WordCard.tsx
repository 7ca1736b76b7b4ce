import { Button } from '@verba/kit';
import type { WordToken } from '@verba/contracts';
import type { WordStatus } from '../api/words-api';

const STATUSES = ['new', 'uncertain', 'known'] as const;
// Ignored (marked in the reader) is shown, not offered here.
const LABELS: Record<WordStatus, string> = { new: 'New', uncertain: 'Uncertain', known: 'Known', ignored: 'Ignored' };
const KEYS: Record<(typeof STATUSES)[number], string> = { new: '1 N', uncertain: '2 U', known: '3 K' };

interface Props {
  word: WordToken | undefined;
  status: WordStatus;
  translation: string | undefined;
  onMark: (key: string, status: WordStatus) => void;
}

/** The selected word: its status, its translation when the chapter's vocabulary has it, and the marks. */
export function WordCard({ word, status, translation, onMark }: Props) {
  return (
    <aside className="ln-card" aria-label="Selected word">
      {word ? (
        <>
          <p className="ln-card__word">{word.text}</p>
          {translation ? <p className="ln-card__translation">{translation}</p> : null}
          <p className="ln-muted" aria-live="polite">
            {LABELS[status]}
          </p>
          <div className="ln-card__actions" role="group" aria-label="Mark word as">
            {STATUSES.map((choice) => {
              const current = choice === status;
              return (
                <Button
                  key={choice}
                  size="sm"
                  variant={current ? 'primary' : 'secondary'}
                  aria-pressed={current}
                  aria-keyshortcuts={KEYS[choice]}
                  onClick={() => onMark(word.key, choice)}
                >
                  {LABELS[choice]}
                </Button>
              );
            })}
          </div>
        </>
      ) : (
        <p className="ln-muted">
          Click a word, or Tab into the text and use the arrow keys, to mark it New, Uncertain or Known (keys 1, 2, 3).
        </p>
      )}
    </aside>
  );
}
