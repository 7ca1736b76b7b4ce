import { createHmac, randomUUID } from 'node:crypto';
import {
  FIT_EVERY_REVIEWS,
  FIT_MIN_REVIEWS,
  SCHEDULER_MESSAGES,
  wordKey,
  type FlashcardEdit,
  type FlashcardForm,
  type FlashcardStatus,
  type LearningLanguage,
  type NewFlashcard,
  type ReviewRating,
  type ReviewSource,
  localDay,
} from '@verba/contracts';
import { eventIdFor, uuidFromDigest } from '../../platform/decider/event-ids';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import { StreamStateCache } from '../../platform/decider/state-cache';
import { comparePositions, type EventStore, type Position } from '../../platform/event-store/port';
import { DomainError } from '../../platform/decider/decider';
import {
  FLASHCARD_NOT_FOUND,
  flashcardDecider,
  schedulerDecider,
  type FlashcardCommand,
  type FlashcardState,
  type SchedulerCommand,
} from './decider';
import { CARD_SEALED_FIELDS, flashcardEvents, flashcardStream, schedulerEvents, schedulerStream, type FsrsCard } from './events';
import type { FitInput, FitOutput } from './domain/scheduler-jobs';
import { HttpError } from '../../platform/http/problem';
import type { UntrustedWork } from '../../platform/untrusted/pool';
import type { Logger } from '../../platform/logger';
import type { PersonalData } from '../../platform/personal-data/keys';
import type { LearnerScheduler } from '@verba/contracts/fsrs';

/** What an edit may change beside the sides: the card's sentence, and the text a picked one came from. */
type EditContext = Pick<FlashcardEdit, 'sentence' | 'origin' | 'originId' | 'originName'>;

const codec = new EventCodec([...flashcardEvents]);
/** Appends of one bulk request in flight at once: enough to overlap round trips, few enough to be fair. */
const BULK_CONCURRENCY = 8;

export interface Changed {
  position?: Position;
  changed: number;
}

/** A card's schedule right after a review, as the review route returns it. */
export interface ReviewOutcome {
  id: string;
  reviewId: string;
  scheduled: boolean;
  schedule: FsrsCard;
}

type CommandBody = FlashcardCommand extends infer C ? (C extends unknown ? Omit<C, 'userId' | 'cardId' | 'at'> : never) : never;

const later = (a: Position | undefined, b: Position | undefined) => (!a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b);

/** The write side of flashcards: every command goes to the one small stream of its card. */
export class FlashcardCommands {
  private readonly states = new StreamStateCache<FlashcardState>();

  constructor(
    private readonly store: EventStore,
    /** Injectable so tests replay review histories at chosen times. */
    private readonly now: () => Date,
    /** Seals the cards' text with the user's data key (erased with the account). */
    private readonly personalData?: PersonalData,
    /** The id of a card the learner has whose front is this word key (the read model), for `oncePerWord`. */
    private readonly cardOfWord?: (userId: string, language: LearningLanguage, key: string) => Promise<string | undefined>,
    /** The learner's scheduler (fitted parameters, desired retention) reviews are scheduled with; defaults without. */
    private readonly schedulerOf?: (userId: string) => Promise<LearnerScheduler | null>,
    /** The learner's time zone: a game's or the reader's one scheduled review a day counts on their own day (UTC without). */
    private readonly timeZoneOf?: (userId: string) => Promise<string>,
  ) {}

  /** The user's text in a command, sealed for them (deterministic: equal text seals equal, so edits still compare). */
  private async sealed<T extends Record<string, unknown>>(userId: string, body: T): Promise<T> {
    return this.personalData ? this.personalData.seal(userId, body, CARD_SEALED_FIELDS as unknown as (keyof T)[]) : body;
  }

  private async run(userId: string, cardId: string, body: CommandBody, commandId: string, assumeNew = false) {
    // Reviews read their stream: a card is reviewed a few times a session, and a cached state that another
    // instance made stale would make a retried review look new (then the store would answer with the first
    // append while the cache took the new decision as the state).
    // Undo reads its stream too: the cache does not follow reviews, and Undo decides on the last one.
    const cache = body.kind === 'review' || body.kind === 'undo-review' ? undefined : this.states;
    const command = { ...body, userId, cardId, at: this.now().toISOString() } as FlashcardCommand;
    return handleCommand({
      store: this.store,
      codec,
      decider: flashcardDecider,
      streamId: flashcardStream(userId, cardId),
      command,
      commandId,
      actor: userId,
      ...(cache ? { stateCache: cache } : {}),
      assumeNew,
    });
  }

  /**
   * One card per word and origin: a card made from an article or chapter has an id derived from the word and
   * the origin, so saving the same word from the same text again (or twice at once) finds the same card
   * stream and makes nothing new. Keyed with the learner's own data key, so the id reveals no word once the
   * learner is erased.
   */
  private async originCardId(userId: string, language: LearningLanguage, c: NewFlashcard): Promise<string | undefined> {
    if (!c.origin || !c.originId) return undefined;
    return this.derivedId(userId, `${language}\n${c.origin}\n${c.originId}\n${wordKey(c.sourceValue)}`);
  }

  /**
   * The key is made here when the learner has none yet (it would be, to seal the card): with only keyFor, a
   * learner's very first card got another id than the same word saved again, and so a second card.
   */
  private async derivedId(userId: string, basis: string): Promise<string> {
    const key = await this.personalData?.createKey(userId);
    if (!key) return eventIdFor(`origin-card:${userId}`, basis);
    return uuidFromDigest(createHmac('sha256', key).update(basis).digest());
  }

  /**
   * A card made once a word (`oncePerWord`): the learner's card of the word when they have one (made by hand,
   * or from another text), else an id derived from the language and the word alone, so two tabs marking the
   * word at once find the same card stream.
   */
  private async wordCardId(userId: string, language: LearningLanguage, c: NewFlashcard): Promise<{ id: string; existing: boolean }> {
    const key = wordKey(c.sourceValue) || c.sourceValue.trim().toLowerCase();
    const existing = await this.cardOfWord?.(userId, language, key);
    if (existing) return { id: existing, existing: true };
    return { id: await this.derivedId(userId, `${language}\nword\n${key}`), existing: false };
  }

  /**
   * Creates cards (Uncertain, due at once). A card's id is the client's, or derived from the command id,
   * so a retried request creates nothing twice. Returns the ids in the order sent.
   */
  async create(
    userId: string,
    language: LearningLanguage,
    cards: NewFlashcard[],
    commandId: string = randomUUID(),
  ): Promise<Changed & { ids: string[] }> {
    const planned = await Promise.all(
      cards.map(async (c, i) =>
        c.oncePerWord
          ? await this.wordCardId(userId, language, c)
          : { id: c.id ?? (await this.originCardId(userId, language, c)) ?? eventIdFor(commandId, `card:${i}`), existing: false },
      ),
    );
    const ids = planned.map((p) => p.id);
    // A card the learner already has for the word is answered as it is: nothing is made or changed.
    const queue = cards.map((c, i) => ({ c, ...planned[i]! })).filter((p) => !p.existing);
    let position: Position | undefined;
    let changed = 0;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { c, id } = next;
        const body = await this.sealed(userId, {
          kind: 'create' as const,
          language,
          sourceValue: c.sourceValue,
          targetValue: c.targetValue,
          origin: c.origin ?? null,
          originId: c.originId ?? null,
          originName: c.originName ?? null,
          ...(c.sentence ? { sentence: c.sentence } : {}),
        });
        const result = await this.run(userId, id, body, eventIdFor(commandId, `create:${id}`), true);
        if (result.position) changed += 1;
        position = later(position, result.position);
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, queue.length) }, worker));
    return { ids, changed, ...(position ? { position } : {}) };
  }

  /** The sides, and the sentence and origin when given (a sentence null or '' is removed). */
  async edit(userId: string, cardId: string, form: FlashcardForm & EditContext, commandId: string = randomUUID()): Promise<Changed> {
    return this.single(userId, cardId, await this.sealed(userId, { kind: 'edit' as const, ...form }), commandId);
  }

  async delete(userId: string, cardId: string, commandId: string = randomUUID()): Promise<Changed> {
    return this.single(userId, cardId, { kind: 'delete' }, commandId);
  }

  async setStatus(userId: string, cardId: string, status: FlashcardStatus, commandId: string = randomUUID()): Promise<Changed> {
    return this.single(userId, cardId, { kind: 'status', status }, commandId);
  }

  /**
   * Reviews in the order given (a card may come twice in one session: Again, then Good). Cards that are
   * gone are skipped and named in `notFound`; only when none is left is it "not found".
   */
  async review(
    userId: string,
    reviews: { id: string; rating: ReviewRating }[],
    source: ReviewSource,
    commandId: string = randomUUID(),
  ): Promise<Changed & { outcomes: ReviewOutcome[]; notFound: string[] }> {
    let position: Position | undefined;
    const outcomes: ReviewOutcome[] = [];
    const notFound: string[] = [];
    const [scheduler, zone] = await Promise.all([
      this.schedulerOf?.(userId).then((found) => found ?? null) ?? null,
      source === 'flashcards' ? undefined : this.timeZoneOf?.(userId),
    ]);
    const day = zone ? { day: localDay(this.now(), zone) } : {};
    for (const [i, r] of reviews.entries()) {
      const reviewId = eventIdFor(commandId, `review:${i}`);
      const body = { kind: 'review' as const, reviewId, rating: r.rating, source, scheduler, ...day };
      const result = await this.run(userId, r.id, body, reviewId).catch((e: unknown) => {
        // A card deleted meanwhile (another tab) must not make the rest of a session unsavable.
        if (e instanceof DomainError && e.status === 404 && reviews.length > 1) return undefined;
        throw e;
      });
      if (!result) {
        notFound.push(r.id);
        continue;
      }
      const event = result.events[0];
      const done =
        event?.type === 'practice.FlashcardReviewed'
          ? { ...event.data, position: result.position }
          : await this.earlierReview(userId, r.id, reviewId);
      position = later(position, done.position);
      outcomes.push({ id: r.id, reviewId, scheduled: done.scheduled, schedule: done.after });
    }
    if (outcomes.length === 0) throw new DomainError(FLASHCARD_NOT_FOUND, 404);
    return { changed: outcomes.length, outcomes, notFound, ...(position ? { position } : {}) };
  }

  /**
   * Takes back the card's last flashcard review (Undo): the card gets its schedule from before it. A later
   * review of the card refuses (409); undoing it again changes nothing.
   */
  async undoReview(
    userId: string,
    cardId: string,
    reviewId: string,
    commandId: string = randomUUID(),
  ): Promise<Changed & { schedule: FsrsCard }> {
    const result = await this.run(userId, cardId, { kind: 'undo-review', reviewId }, commandId);
    const event = result.events[0];
    if (event?.type === 'practice.FlashcardReviewUndone')
      return { changed: 1, schedule: event.data.restored, ...(result.position ? { position: result.position } : {}) };
    // Undone before: the card's schedule as it stands.
    let state = flashcardDecider.initialState();
    for (const recorded of await this.store.readStream(flashcardStream(userId, cardId)))
      state = flashcardDecider.evolve(state, codec.decode(recorded));
    return { changed: 0, schedule: state.schedule! };
  }

  /** What a review that is being retried did the first time, and where it landed. */
  private async earlierReview(
    userId: string,
    cardId: string,
    reviewId: string,
  ): Promise<{ scheduled: boolean; after: FsrsCard; position: Position }> {
    for (const recorded of await this.store.readStream(flashcardStream(userId, cardId))) {
      const e = codec.decode(recorded);
      if (e.type === 'practice.FlashcardReviewed' && e.data.reviewId === reviewId) return { ...e.data, position: recorded.position };
    }
    throw new Error(`review ${reviewId} of card ${cardId} decided nothing and is not in its stream`);
  }

  private async single(userId: string, cardId: string, body: CommandBody, commandId: string): Promise<Changed> {
    const result = await this.run(userId, cardId, body, commandId);
    return { changed: result.events.length, ...(result.position ? { position: result.position } : {}) };
  }
}

/** What fitting needs of the read side: the learner's standing reviews (all languages) and their last fit. */
export interface FitSource {
  /** The learner's standing reviews, and the same as the fit job's input (FitInput.reviews, JSON text). */
  reviewsForFit(userId: string): Promise<{ count: number; reviews: string }>;
  reviewCount(userId: string): Promise<number>;
  /** The last fit: on how many reviews, and when. */
  lastFit(userId: string): Promise<{ reviews: number; at: Date } | null>;
}

const schedulerCodec = new EventCodec([...schedulerEvents]);
/** Automatic fits of one learner are at least this far apart. */
const AUTO_FIT_GAP_MS = 3_600_000;
/** The optimiser's wall-time budget: 10,000 reviews fit in about a second; a long history gets a minute. */
const FIT_BUDGET_MS = 60_000;

/**
 * A learner's scheduler: desired retention, and FSRS fitted on their own review log by fsrs-rs on the worker
 * pool (never the request thread), at their asking or every FIT_EVERY_REVIEWS new reviews. One fit per
 * learner at a time in this process.
 */
export class SchedulerCommands {
  private readonly fitting = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date,
    private readonly pool: UntrustedWork,
    private readonly source: FitSource,
    private readonly log?: Logger,
  ) {}

  private decide(userId: string, command: SchedulerCommand, commandId: string) {
    return handleCommand({
      store: this.store,
      codec: schedulerCodec,
      decider: schedulerDecider,
      streamId: schedulerStream(userId),
      command,
      commandId,
      actor: userId,
    });
  }

  /** True while this process fits the learner's scheduler (the automatic fit then waits for the next review). */
  isFitting(userId: string): boolean {
    return this.fitting.has(userId);
  }

  async setRetention(userId: string, desiredRetention: number, commandId: string = randomUUID()): Promise<Position | undefined> {
    const at = this.now().toISOString();
    return (await this.decide(userId, { kind: 'set-retention', userId, desiredRetention, at }, commandId)).position;
  }

  /**
   * Whether an automatic fit is due: the first at FIT_MIN_REVIEWS reviews, then every FIT_EVERY_REVIEWS new ones,
   * at most once an hour (a history imported or replayed at once would otherwise fit again every 500 reviews).
   */
  async fitDue(userId: string): Promise<boolean> {
    const [count, last] = await Promise.all([this.source.reviewCount(userId), this.source.lastFit(userId)]);
    if (count < FIT_MIN_REVIEWS) return false;
    if (!last) return true;
    return count - last.reviews >= FIT_EVERY_REVIEWS && this.now().getTime() - last.at.getTime() >= AUTO_FIT_GAP_MS;
  }

  /** Fits now on every review that stands; the fitted parameters are used only when they predict better. */
  async fit(userId: string, trigger: 'learner' | 'automatic', commandId: string = randomUUID()) {
    if (this.fitting.has(userId)) throw new DomainError(SCHEDULER_MESSAGES.busy, 409);
    this.fitting.add(userId);
    try {
      const { count, reviews } = await this.source.reviewsForFit(userId);
      if (count < FIT_MIN_REVIEWS) throw new DomainError(SCHEDULER_MESSAGES.tooFewReviews, 409);
      const input: FitInput = { reviews };
      const out = await this.pool
        .run<FitOutput>('practice.fit-fsrs', input, {}, { timeMs: FIT_BUDGET_MS, priority: 'background' })
        .catch((error: unknown) => {
          // The optimiser missing on this platform, or a history it cannot use: never a 500.
          if (error instanceof HttpError && error.message === 'too few') throw new DomainError(SCHEDULER_MESSAGES.notVariedEnough, 409);
          throw new HttpError(503, SCHEDULER_MESSAGES.unavailable);
        });
      const at = this.now().toISOString();
      const command: SchedulerCommand = { kind: 'record-fit', userId, at, trigger, reviews: count, ...pick(out) };
      const result = await this.decide(userId, command, commandId);
      const adopted = Number.isFinite(out.logLoss) && out.logLoss < out.defaultLogLoss;
      return {
        fit: { at, reviews: count, logLoss: out.logLoss, defaultLogLoss: out.defaultLogLoss, adopted },
        ...(result.position ? { position: result.position } : {}),
      };
    } finally {
      this.fitting.delete(userId);
    }
  }
}

const pick = ({ parameters, logLoss, defaultLogLoss }: FitOutput) => ({ parameters, logLoss, defaultLogLoss });
