import { forecastReviews, type FsrsSchedule, type LearnerScheduler } from '@verba/contracts/fsrs';
import { Refused } from '../../../platform/untrusted/refused';

/**
 * Fitting FSRS to one learner's reviews with fsrs-rs (`@open-spaced-repetition/binding`), as a job of the
 * worker pool (runtime/untrusted-worker.ts): the optimiser runs for seconds and never on the request thread.
 * A fifth of the cards (by id) is kept out of the fit; both the fitted and the default parameters predict
 * those cards' reviews, and the log loss of each says which predicts this learner better.
 */

/** One review as the job takes it: the card's index (its rank among the learner's cards), when (ms), rating 1-4. */
export type FitReview = [card: number, at: number, rating: number];

export interface FitInput {
  /** In order of time; or the same as JSON text, as PostgreSQL packs it (parsed here, off the HTTP thread). */
  reviews: FitReview[] | string;
  /** Cards whose reviews are kept out of the fit: every `holdOutEvery`-th card (default: a fifth, else more). */
  holdOutEvery?: number;
}

export interface FitOutput {
  parameters: number[];
  logLoss: number;
  defaultLogLoss: number;
  /** Items (reviews with a history before them) the fit and the evaluation used. */
  trained: number;
  heldOut: number;
}

const DAY_MS = 86_400_000;
/** Calendar days between two times (UTC), as FSRS counts elapsed days. */
const daysBetween = (a: number, b: number) => Math.floor(b / DAY_MS) - Math.floor(a / DAY_MS);

type Binding = typeof import('@open-spaced-repetition/binding');
/** The native optimiser, loaded on the first fit in this worker thread (Node keeps the module after). */
const load = (): Promise<Binding> => import('@open-spaced-repetition/binding');

/**
 * A card's reviews as fsrs-rs items: one for each review on a later day than the review before it, holding every
 * review up to it. fsrs-rs panics (and a panic aborts the whole process, not only this thread) on an item whose
 * reviews all fall on one day, which this also keeps out; a rating outside 1-4 ends the card.
 */
function itemsOf(b: Binding, reviews: readonly FitReview[]) {
  const items: InstanceType<Binding['FSRSBindingItem']>[] = [];
  const history: { rating: number; deltaT: number }[] = [];
  for (const [j, r] of reviews.entries()) {
    const deltaT = j === 0 ? 0 : daysBetween(reviews[j - 1]![1], r[1]);
    if (!Number.isInteger(r[2]) || r[2] < 1 || r[2] > 4 || !Number.isFinite(deltaT) || deltaT < 0) break;
    history.push({ rating: r[2], deltaT });
    // Predicted: a review on a later day than the one before (same-day steps stay in the history). fsrs-rs
    // refuses an evaluation holding items that end on a same-day review (InvalidInput).
    if (history.length > 1 && deltaT > 0) {
      items.push(new b.FSRSBindingItem(history.map((h) => new b.FSRSBindingReview(h.rating, h.deltaT))));
    }
  }
  return items;
}

/** Held-out shares tried in turn: a fifth of the cards, else a third, else half (fsrs-rs needs enough to evaluate). */
const HOLD_OUT_EVERY = [5, 3, 2];
const notEnough = (e: unknown) => e instanceof Error && /NotEnoughData/.test(e.message);

export async function fitFsrs({ reviews: given, holdOutEvery }: FitInput): Promise<FitOutput> {
  const reviews = typeof given === 'string' ? (JSON.parse(given) as FitReview[]) : given;
  let b: Binding;
  try {
    b = await load();
  } catch {
    throw new Refused(422, 'unavailable');
  }
  const byCard = new Map<number, FitReview[]>();
  for (const r of reviews) {
    const list = byCard.get(r[0]);
    if (list) list.push(r);
    else byCard.set(r[0], [r]);
  }
  const items = [...byCard].map(([card, list]) => ({
    card,
    items: itemsOf(
      b,
      list.sort((x, y) => x[1] - y[1]),
    ),
  }));
  for (const every of holdOutEvery ? [holdOutEvery] : HOLD_OUT_EVERY) {
    const train = items.filter((c) => c.card % every !== every - 1).flatMap((c) => c.items);
    const test = items.filter((c) => c.card % every === every - 1).flatMap((c) => c.items);
    if (!train.length || !test.length) continue;
    try {
      const parameters = await b.computeParameters(train, { enableShortTerm: true });
      const fitted = new b.FSRSBinding(parameters).evaluate(test);
      const defaults = new b.FSRSBinding().evaluate(test);
      return { parameters, logLoss: fitted.logLoss, defaultLogLoss: defaults.logLoss, trained: train.length, heldOut: test.length };
    } catch (error) {
      // Said in the refusal, so the server's log names it (the learner reads "not available").
      if (!notEnough(error)) throw new Refused(422, `fsrs-rs: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Refused(422, 'too few');
}

export interface ForecastInput {
  cards: FsrsSchedule[];
  now: number;
  learner: LearnerScheduler | null;
  days: number;
}

/** Reviews a day ahead (contracts' forecastReviews): a learner's 20,000 cards take a few hundred ms, so a job too. */
const forecast = ({ cards, now, learner, days }: ForecastInput) => forecastReviews(cards, new Date(now), learner, days);

export const practiceSchedulerJobs = { 'practice.fit-fsrs': fitFsrs, 'practice.forecast': forecast };
