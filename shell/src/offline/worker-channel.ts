import { QUEUE_ASK, QUEUE_STATE } from './queue-rules';
/**
 * The page's side of the talk with the offline worker (sw.ts): messages to it, and its messages of one type.
 * Without a worker (development builds, jsdom tests, a browser without them) nothing is sent or heard.
 */
const workers = (): ServiceWorkerContainer | undefined =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;

/** Sends `message` to the active worker, once there is one. */
export function tellWorker(message: { type: string } & Record<string, unknown>): void {
  void workers()
    ?.ready.then((registration) => registration.active?.postMessage(message))
    .catch(() => undefined);
}

/** Calls `listener` with each message of `type` the worker sends this page; returns the unsubscribe. */
export function onWorkerMessage<T extends { type: string }>(type: T['type'], listener: (message: T) => void): () => void {
  const container = workers();
  if (!container) return () => undefined;
  const handle = (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type === type) listener(data as T);
  };
  container.addEventListener('message', handle);
  return () => container.removeEventListener('message', handle);
}

/**
 * How many of the learner's changes wait in the worker's queue now (0 without a worker, or when it does not
 * answer within `timeoutMs`): sign-out asks before it deletes them.
 */
export function waitingChanges(timeoutMs = 800): Promise<number> {
  const container = workers();
  if (!container?.controller) return Promise.resolve(0);
  return new Promise((resolve) => {
    const stop = onWorkerMessage<{ type: string; waiting: number }>(QUEUE_STATE, (message) => {
      clearTimeout(timer);
      stop();
      resolve(message.waiting);
    });
    const timer = setTimeout(() => {
      stop();
      resolve(0);
    }, timeoutMs);
    tellWorker({ type: QUEUE_ASK });
  });
}
