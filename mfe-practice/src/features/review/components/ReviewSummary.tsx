import { ResultActions } from '../../../shared/ResultActions';
import { countRatings, type SessionState } from '../session';

/** The end of a session: what was rated how, and where to go next once every rating is saved. */
export function ReviewSummary({ state, saving, onRestart }: { state: SessionState; saving: boolean; onRestart: () => void }) {
  const total = state.ratings.length;
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
      <p className="pr-muted" role="status">
        {saving ? 'Saving your ratings…' : 'Your ratings are saved.'}
      </p>
      <ResultActions again="Review more" onAgain={onRestart} disabled={saving} />
    </section>
  );
}
