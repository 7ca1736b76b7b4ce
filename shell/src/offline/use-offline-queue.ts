import { useEffect, useState } from 'react';
import { positions } from '@verba/kit';
import { QUEUE_ASK, QUEUE_FLUSH, QUEUE_STATE, REFUSAL_SEEN, type QueueState, type Refusal } from './queue-rules';
import { onWorkerMessage, tellWorker } from './worker-channel';

/**
 * The learner's writes waiting offline and the ones the server refused, as the worker tells them. The page
 * asks the worker to send what waits when it loads and whenever the browser says the network is back; the
 * position a sent write landed at is recorded, so the page's next reads include it.
 */
export function useOfflineQueue(): { waiting: number; refusals: Refusal[]; dismiss: (id: number) => void } {
  const [state, setState] = useState<{ waiting: number; refusals: Refusal[] }>({ waiting: 0, refusals: [] });
  useEffect(() => {
    const stop = onWorkerMessage<QueueState>(QUEUE_STATE, (message) => {
      if (message.position) positions.record(message.position);
      // Loaded only then: a page that never queues anything (the sign-in page) does not load the query cache.
      if (message.changed?.length)
        void import('@verba/kit/query').then(({ rereadQueuedChanges }) => rereadQueuedChanges(message.changed ?? []));
      setState({ waiting: message.waiting, refusals: message.refusals });
    });
    const flush = () => tellWorker({ type: QUEUE_FLUSH });
    window.addEventListener('online', flush);
    tellWorker({ type: QUEUE_ASK });
    flush();
    return () => {
      stop();
      window.removeEventListener('online', flush);
    };
  }, []);
  return { ...state, dismiss: (id) => tellWorker({ type: REFUSAL_SEEN, id }) };
}
