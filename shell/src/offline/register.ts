import { session, type SessionState } from '@verba/kit';
import { apiCachesToDrop, USER_MESSAGE, type UserMessage } from './cache-rules';
import { QUEUE_FORGET } from './queue-rules';

/** The worker (sw.ts), built to the site's root so that it may answer for every page. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Offline reading (issue 38.9): registers the service worker once the page has loaded, in production builds
 * of browsers that have service workers (never in development or in jsdom tests), and tells it on every
 * change who is signed in: it keeps answers for that learner only and deletes any other learner's.
 */
export function registerOfflineReading(): void {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  const register = () =>
    void workers.register(SERVICE_WORKER_URL).catch((error: unknown) => console.error('[verba] offline reading unavailable', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });

  let told: string | null | undefined;
  const tell = (state: SessionState) => {
    if (state.status !== 'ready') return;
    const uid = state.user?.uid ?? null;
    if (uid === told) return;
    told = uid;
    const message: UserMessage = { type: USER_MESSAGE, uid };
    void workers.ready.then((registration) => registration.active?.postMessage(message));
  };
  session.subscribe(tell);
  tell(session.get());
}

/**
 * Sign-out: the learner's kept answers (and writes waiting offline) are deleted now, before anyone else can sign in on this browser
 * (and the worker told, so it keeps nothing more for them).
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const message: UserMessage = { type: USER_MESSAGE, uid: null };
  navigator.serviceWorker?.controller?.postMessage(message);
  // The learner's changes still waiting offline, and refusals not yet read, go with them.
  navigator.serviceWorker?.controller?.postMessage({ type: QUEUE_FORGET });
  const names = await caches.keys();
  await Promise.all(apiCachesToDrop(names, null).map((name) => caches.delete(name)));
}
