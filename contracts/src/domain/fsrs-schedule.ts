import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { Flashcard, FsrsState, ReviewRating } from '../http/flashcards';

/**
 * The product's FSRS scheduler (ts-fsrs, learning steps 1m/10m, relearning 10m, no fuzz): the server
 * schedules reviews with it and the review page previews each rating's interval with it, so the buttons
 * tell exactly what the server will do. Each learner has its own parameters (fitted on their reviews, or
 * the defaults) and desired retention; without them it is the default scheduler at 90%.
 */
export interface LearnerScheduler {
  /** FSRS weights fitted on the learner's reviews; null for the defaults. */
  parameters: readonly number[] | null;
  /** The probability of recall the scheduler aims for at each review (0.70-0.97). */
  desiredRetention: number;
}

const defaultScheduler = fsrs({ enable_fuzz: false });
/** Schedulers by their settings: a learner's is made once, not at every review (bounded: a few hundred learners at once). */
const schedulers = new Map<string, ReturnType<typeof fsrs>>();

export function schedulerFor(learner?: LearnerScheduler | null): ReturnType<typeof fsrs> {
  if (!learner || (!learner.parameters && learner.desiredRetention === 0.9)) return defaultScheduler;
  const key = `${learner.desiredRetention}:${learner.parameters?.join(',') ?? ''}`;
  let made = schedulers.get(key);
  if (!made) {
    if (schedulers.size >= 500) schedulers.clear();
    made = fsrs({
      enable_fuzz: false,
      request_retention: learner.desiredRetention,
      ...(learner.parameters ? { w: [...learner.parameters] } : {}),
    });
    schedulers.set(key, made);
  }
  return made;
}

/** A card's FSRS memory state; times are ISO strings (as kept in events). */
export interface FsrsSchedule {
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: FsrsState;
  lastReview: string | null;
}

const STATES: readonly FsrsState[] = ['new', 'learning', 'review', 'relearning'];
const STATE_OF: Record<FsrsState, State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };
const GRADES: Record<ReviewRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

function fromFsrs(card: Card): FsrsSchedule {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATES[card.state]!,
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

function toFsrs(card: FsrsSchedule): Card {
  return {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0, // ts-fsrs derives elapsed time from last_review; this deprecated field is not read
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_OF[card.state],
    ...(card.lastReview ? { last_review: new Date(card.lastReview) } : {}),
  };
}

/** The schedule of a card as the API lists it. */
export const scheduleOf = (
  c: Pick<
    Flashcard,
    'dueDateStamp' | 'stability' | 'difficulty' | 'scheduledDays' | 'learningSteps' | 'reps' | 'lapses' | 'state' | 'lastTimePracticedStamp'
  >,
): FsrsSchedule => ({
  due: new Date(c.dueDateStamp).toISOString(),
  stability: c.stability,
  difficulty: c.difficulty,
  scheduledDays: c.scheduledDays,
  learningSteps: c.learningSteps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  lastReview: c.lastTimePracticedStamp === null ? null : new Date(c.lastTimePracticedStamp).toISOString(),
});

/** A new card, due at once. */
export const newSchedule = (at: Date): FsrsSchedule => fromFsrs(createEmptyCard(at));

/** The schedule after reviewing `card` at `at` with `rating`, by the learner's scheduler. */
export const reschedule = (card: FsrsSchedule, at: Date, rating: ReviewRating, learner?: LearnerScheduler | null): FsrsSchedule =>
  fromFsrs(schedulerFor(learner).next(toFsrs(card), at, GRADES[rating]).card);

/** What each rating would make of `card` at `at` (ts-fsrs `repeat`): the schedule after it. */
export function previewRatings(card: FsrsSchedule, at: Date, learner?: LearnerScheduler | null): Record<ReviewRating, FsrsSchedule> {
  const preview = schedulerFor(learner).repeat(toFsrs(card), at);
  return {
    again: fromFsrs(preview[Rating.Again].card),
    hard: fromFsrs(preview[Rating.Hard].card),
    good: fromFsrs(preview[Rating.Good].card),
    easy: fromFsrs(preview[Rating.Easy].card),
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * An interval as Anki shows it on a rating button: "1m", "10m", "3h", "1d", "4d", "1.5mo", "2y".
 * Minutes and hours are rounded, days rounded to whole days (FSRS schedules whole days), months (30
 * days) and years (365 days) to one decimal, dropping a trailing ".0".
 */
export function formatInterval(ms: number): string {
  const t = Math.max(0, ms);
  const decimal = (n: number) => String(Math.round(n * 10) / 10);
  if (t < HOUR_MS) return `${Math.max(1, Math.round(t / MINUTE_MS))}m`;
  if (t < DAY_MS) return `${Math.round(t / HOUR_MS)}h`;
  if (t < 30 * DAY_MS) return `${Math.round(t / DAY_MS)}d`;
  if (t < 365 * DAY_MS) return `${decimal(t / (30 * DAY_MS))}mo`;
  return `${decimal(t / (365 * DAY_MS))}y`;
}

/** The interval label of each rating button for `card` reviewed at `at`. */
export function ratingIntervals(card: FsrsSchedule, at: Date, learner?: LearnerScheduler | null): Record<ReviewRating, string> {
  const next = previewRatings(card, at, learner);
  const label = (r: ReviewRating) => formatInterval(Date.parse(next[r].due) - at.getTime());
  return { again: label('again'), hard: label('hard'), good: label('good'), easy: label('easy') };
}

/** A small seeded generator: a forecast is the same for the same cards, day and settings. */
function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

/**
 * Reviews a day for the next `days` days (today first) if the learner reviews every card when due: each review
 * is recalled with the desired retention's probability (Good), else forgotten (Again), as FSRS aims for. Cards
 * not studied yet are not counted (they come in as new cards, at the learner's pace).
 */
export function forecastReviews(cards: readonly FsrsSchedule[], now: Date, learner: LearnerScheduler | null, days: number): number[] {
  const scheduler = schedulerFor(learner);
  const retention = learner?.desiredRetention ?? 0.9;
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const end = start + days * DAY_MS;
  const perDay = new Array<number>(days).fill(0);
  const random = seeded(cards.length * 7919 + days);
  for (const schedule of cards) {
    if (schedule.state === 'new') continue;
    let card = toFsrs(schedule);
    // A card's reviews in the window; a bound keeps a card in endless relearning from running on.
    for (let step = 0; step < 60; step++) {
      const at = Math.max(card.due.getTime(), now.getTime());
      if (at >= end) break;
      perDay[Math.floor((at - start) / DAY_MS)]! += 1;
      card = scheduler.next(card, new Date(at), random() < retention ? Rating.Good : Rating.Again).card;
    }
  }
  return perDay;
}
