import './due.css';

/**
 * Says what the heavy dotted underline means, when the page has a word with a card due today; `noteId` is the
 * short description each underlined word points to, so a screen reader says "card due today" on the word too.
 */
export function DueLegend({ count, noteId }: { count: number; noteId: string }) {
  return (
    <>
      <span id={noteId} className="rd-due-note" hidden>
        card due today
      </span>
      {count > 0 ? (
        <p className="rd-due-legend">
          <span className="rd-due-legend__sample" aria-hidden="true">
            word
          </span>{' '}
          {count === 1 ? 'A word on this page has' : `${count} words on this page have`} a flashcard due today (heavy dotted underline).
          Open it, or press G on it, if you knew it here.
        </p>
      ) : null}
    </>
  );
}
