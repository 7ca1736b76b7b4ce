import { Button } from '@verba/kit';
import { ResultActions } from '../../../shared/ResultActions';
import { countRatings, formatAccuracy, type SessionState } from '../session';

interface Props {
  state: SessionState;
  saving: boolean;
  onRestart: () => void;
  /** The last rating can still be taken back (Undo brings its card back into the session). */
  canUndo: boolean;
  onUndo: () => void;
}

/** The end of a session: what was rated how, each format's accuracy, Undo of the last rating, and where to go next once every rating is saved. */
export function ReviewSummary({ state, saving, onRestart, canUndo, onUndo }: Props) {
  const total = new Set(state.ratings.map((r) => r.id)).size;
  const accuracy = formatAccuracy(state);
  return (
    <section className="pr-result" aria-labelledby="review-summary-title">
      <h2 id="review-summary-title">Session complete</h2>
      <p>
        You reviewed {total} {total === 1 ? 'card' : 'cards'}.
      </p>
      <dl className="pr-result__counts">
        {countRatings(state).map(({ rating, label, count }) => (
          <div key={rating} className={`pr-result__count pr-rating--${rating}`}>
            <dt>{label}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      {accuracy.length > 0 ? (
        <>
          <h3 className="pr-result__subtitle">Right answers by format</h3>
          <ul className="pr-result__formats">
            {accuracy.map(({ format, label, right, total: answers }) => (
              <li key={format} className={`pr-result__format pr-result__format--${format}`}>
                {label} {right} of {answers} right
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="pr-muted" role="status">
        {saving ? 'Saving your ratings…' : 'Your ratings are saved.'}
      </p>
      <ResultActions again="Review more" onAgain={onRestart} disabled={saving}>
        <Button variant="secondary" disabled={!canUndo} onClick={onUndo} aria-keyshortcuts="U">
          Undo last rating <kbd>U</kbd>
        </Button>
      </ResultActions>
    </section>
  );
}
