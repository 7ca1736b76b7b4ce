import { useOfflineQueue } from './use-offline-queue';
import { waitingText } from './queue-rules';
import './offline.css';

/**
 * In the header (issue 38.9): "n changes waiting" while writes made offline wait for the network (a live
 * region, empty once they are sent), and each change the server refused, named with the server's words,
 * until the learner dismisses it: a refused change is never dropped silently.
 */
export function OfflineStatus() {
  const { waiting, refusals, dismiss } = useOfflineQueue();
  return (
    <>
      <span className="sh-offline-badge" role="status" aria-live="polite">
        {waiting > 0 ? waitingText(waiting) : ''}
      </span>
      {refusals.length > 0 ? (
        <section className="sh-offline-refused" role="alert" aria-label="Changes not saved">
          <h2 className="sh-offline-refused__title">
            {refusals.length === 1 ? 'A change was not saved' : `${refusals.length} changes were not saved`}
          </h2>
          <ul className="sh-offline-refused__list">
            {refusals.map((refusal) => (
              <li key={refusal.id} className="sh-offline-refused__item">
                <span>
                  <strong>{refusal.label}</strong>: {refusal.message}
                </span>
                <button
                  type="button"
                  className="sh-offline-refused__dismiss"
                  onClick={() => refusal.id !== undefined && dismiss(refusal.id)}
                >
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
