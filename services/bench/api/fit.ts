/**
 * The API benchmark's fit phase: a learner of their own whose review log is seeded the practice bench's
 * way (card histories decided by the real decider, appended straight to the event store), and fits of
 * their scheduler (POST /api/flashcards/scheduler/fit, fsrs-rs on the worker pool) run back to back
 * while the mark load runs for the other learners.
 */
import { createPostgresEventStore } from '../../src/platform/event-store/postgres/adapter';
import { spread } from '../lib/stats';
import { seedCards } from '../practice/seed';
import { preferUnixSocket, signUpAndIn, type RunningApi, type Session } from './server';

/** The fit target is 10,000 reviews; the seeded histories average about 2.1 reviews a card. */
export const FIT_MIN_SEEDED_REVIEWS = 10_000;
const FIT_CARDS = 6_000;

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Signs up the fit learner, seeds their cards and waits until the API's read side holds every card and
 * at least FIT_MIN_SEEDED_REVIEWS reviews; returns the session and the review count a fit learns from.
 */
export async function seedFitLearner(api: RunningApi): Promise<{ session: Session; reviews: number }> {
  const session = await signUpAndIn(api, 'bench-fit@example.org', 'bench password 123');
  const { uid } = await json<{ uid: string }>(await fetch(`${api.base}/api/user`, { headers: { cookie: session.cookie } }));
  const store = createPostgresEventStore({ connectionString: preferUnixSocket(api.databaseUrl), poolSize: 8 });
  try {
    await seedCards(store, uid, FIT_CARDS);
  } finally {
    await store.close();
  }
  const deadline = Date.now() + 300_000;
  for (;;) {
    const info = await json<{ total: number }>(
      await fetch(`${api.base}/api/flashcards/info?languageCode=de`, { headers: { cookie: session.cookie } }),
    );
    if (info.total >= FIT_CARDS) break;
    if (Date.now() > deadline) throw new Error(`fit learner: projection reached ${info.total} of ${FIT_CARDS} cards in 300 s`);
    await sleep(250);
  }
  // The review log is a projection of its own: wait until its count stops moving.
  let reviews = -1;
  for (;;) {
    const now = (
      await json<{ reviews: number }>(await fetch(`${api.base}/api/flashcards/scheduler`, { headers: { cookie: session.cookie } }))
    ).reviews;
    if (now === reviews && now >= FIT_MIN_SEEDED_REVIEWS) break;
    if (Date.now() > deadline) throw new Error(`fit learner: ${now} reviews projected in 300 s, ${FIT_MIN_SEEDED_REVIEWS} needed`);
    reviews = now;
    await sleep(1000);
  }
  return { session, reviews };
}

/** One fit, waiting out an automatic fit of the same learner (409 busy); returns its answer's seconds. */
async function fitOnce(base: string, s: Session): Promise<{ status: number; body: string; seconds: number }> {
  const headers = { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' };
  for (;;) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/flashcards/scheduler/fit`, { method: 'POST', headers, body: '{}' }).catch(() => null);
    const body = res ? await res.text() : '';
    if (res?.status === 409 && body.includes('already')) {
      await sleep(100);
      continue;
    }
    return { status: res?.status ?? 0, body, seconds: (performance.now() - t0) / 1000 };
  }
}

/** A first fit before the measured phases: loads fsrs-rs in the pool's worker and records a fit. */
export async function firstFit(base: string, s: Session): Promise<number> {
  const fit = await fitOnce(base, s);
  if (fit.status !== 200) throw new Error(`fit learner: the first fit answered ${fit.status}: ${fit.body.slice(0, 200)}`);
  return fit.seconds;
}

export interface FitRun {
  /** Fits answered 200 before `stop` resolved. */
  completed: number;
  /** Median seconds a completed fit took (its POST's answer). */
  medianSeconds: number;
  /** Answers other than 200 and 409 busy (an automatic fit of the same learner). */
  errors: number;
}

/**
 * Fits the learner's scheduler back to back until `stop` resolves: each POST as soon as the last answered
 * (the route answers when the fit is done). A 409 busy (the automatic fit running) is waited out. Resolves
 * after the fit in flight at the stop has answered, so none runs into the next phase.
 */
export async function fitsBackToBack(base: string, s: Session, stop: Promise<void>): Promise<FitRun> {
  let done = false;
  void stop.then(() => (done = true));
  const seconds: number[] = [];
  let errors = 0;
  while (!done) {
    const fit = await fitOnce(base, s);
    if (fit.status === 200) {
      if (!done) seconds.push(fit.seconds);
    } else {
      errors++;
      process.stderr.write(`  fit answered ${fit.status || 'nothing'}: ${fit.body.slice(0, 200)}\n`);
      await sleep(500);
    }
  }
  return { completed: seconds.length, medianSeconds: spread(seconds).median, errors };
}
