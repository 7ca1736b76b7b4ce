import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test-support/platform/decider-spec';
import { flashcardDecider, type FlashcardCommand } from './decider';
import type { FlashcardEvent } from './events';
import { newSchedule, reschedule } from './domain/scheduler';

const userId = '4c0a3f0e-1d7b-4a53-9d3e-6f2a1b0c9d8e';
const cardId = '9b2f6c1a-3e4d-4f5a-8b7c-0d1e2f3a4b5c';
const T0 = '2026-03-02T09:00:00.000Z';
const ref = { userId, cardId };
const spec = deciderSpec(flashcardDecider);

const created: FlashcardEvent = {
  type: 'practice.FlashcardCreated',
  data: {
    ...ref,
    language: 'de',
    sourceValue: 'das Haus',
    targetValue: 'the house',
    origin: null,
    originId: null,
    originName: null,
    at: T0,
  },
};
const cmd = (c: Record<string, unknown>, at = T0) => ({ ...ref, at, ...c }) as FlashcardCommand;
/** Review ids in these tests are derived from the review's time. */
const reviewIdAt = (at: string) => `00000000-0000-4000-8000-${String(Date.parse(at)).padStart(12, '0').slice(-12)}`;
const review = (rating: string, source: string, at: string, day?: string) =>
  cmd({ kind: 'review', reviewId: reviewIdAt(at), rating, source, ...(day ? { day } : {}) }, at);
const reviewed = (
  rating: 'again' | 'hard' | 'good' | 'easy',
  at: string,
  source: 'flashcards' | 'quick-quiz' | 'match-words' | 'reader',
  scheduled: boolean,
  before = newSchedule(new Date(T0)),
  day = at.slice(0, 10),
): FlashcardEvent => ({
  type: 'practice.FlashcardReviewed',
  data: {
    ...ref,
    reviewId: reviewIdAt(at),
    language: 'de',
    rating,
    source,
    scheduled,
    before,
    after: scheduled ? reschedule(before, new Date(at), rating) : before,
    at,
    ...(source === 'flashcards' ? {} : { day }),
  },
});

describe('flashcard decider', () => {
  it('creates a card once; creating it again (a retry) decides nothing', () => {
    const create = cmd({
      kind: 'create',
      language: 'de',
      sourceValue: 'das Haus',
      targetValue: 'the house',
      origin: null,
      originId: null,
      originName: null,
    });
    spec.given([created]).when(create).then([]);
    spec.given([]).when(create).then([created]);
  });

  it('makes a deleted card again when the same word is saved from the same origin later', () => {
    const create = cmd({
      kind: 'create',
      language: 'de',
      sourceValue: 'das Haus',
      targetValue: 'the house',
      origin: null,
      originId: null,
      originName: null,
    });
    const deleted: FlashcardEvent = { type: 'practice.FlashcardDeleted', data: { ...ref, at: T0 } };
    spec.given([created, deleted]).when(create).then([created]);
  });

  it('starts a card Uncertain and new to FSRS, due at once', () => {
    const state = flashcardDecider.evolve(flashcardDecider.initialState(), created);
    expect(state).toMatchObject({ phase: 'active', status: 'uncertain', timePracticed: 0, schedule: { state: 'new', due: T0, reps: 0 } });
  });

  it('refuses every change of a card that does not exist or was deleted, except deleting again', () => {
    const deleted: FlashcardEvent = { type: 'practice.FlashcardDeleted', data: { ...ref, at: T0 } };
    for (const history of [[], [created, deleted]]) {
      spec
        .given(history)
        .when(cmd({ kind: 'edit', sourceValue: 'a', targetValue: 'b' }))
        .thenThrows('Flashcard not found');
      spec
        .given(history)
        .when(cmd({ kind: 'status', status: 'known' }))
        .thenThrows('Flashcard not found');
      spec
        .given(history)
        .when(review('good', 'flashcards', T0))
        .thenThrows('Flashcard not found');
    }
    spec
      .given([created, deleted])
      .when(cmd({ kind: 'delete' }))
      .then([]);
  });

  it('decides nothing for an edit or status that changes nothing', () => {
    spec
      .given([created])
      .when(cmd({ kind: 'edit', sourceValue: 'das Haus', targetValue: 'the house' }))
      .then([]);
    spec
      .given([created])
      .when(cmd({ kind: 'status', status: 'uncertain' }))
      .then([]);
  });

  it('edits a card’s sentence and the text it came from, and decides nothing when they stay', () => {
    const withSentence: FlashcardEvent = { ...created, data: { ...created.data, sentence: 'Das Haus ist alt.' } } as FlashcardEvent;
    spec
      .given([withSentence])
      .when(cmd({ kind: 'edit', sourceValue: 'das Haus', targetValue: 'the house', sentence: 'Das Haus ist alt.' }))
      .then([]);
    spec
      .given([withSentence])
      .when(cmd({ kind: 'edit', sourceValue: 'das Haus', targetValue: 'the house', sentence: '' }))
      .then([
        { type: 'practice.FlashcardEdited', data: { ...ref, sourceValue: 'das Haus', targetValue: 'the house', sentence: null, at: T0 } },
      ]);
    const picked = { sentence: 'Im Haus brennt Licht.', origin: 'article', originId: 'a1', originName: 'Am Abend' } as const;
    const edited: FlashcardEvent = {
      type: 'practice.FlashcardEdited',
      data: { ...ref, sourceValue: 'das Haus', targetValue: 'the house', ...picked, at: T0 },
    };
    spec
      .given([created])
      .when(cmd({ kind: 'edit', sourceValue: 'das Haus', targetValue: 'the house', ...picked }))
      .then([edited]);
    spec
      .given([created, edited])
      .when(cmd({ kind: 'edit', sourceValue: 'das Haus', targetValue: 'the house', ...picked }))
      .then([]);
    // An edit of the sides alone (older clients, older events) leaves the sentence.
    const state = [
      created,
      edited,
      { type: 'practice.FlashcardEdited', data: { ...ref, sourceValue: 'Haus', targetValue: 'house', at: T0 } },
    ].reduce((s, e) => flashcardDecider.evolve(s, e as FlashcardEvent), flashcardDecider.initialState());
    expect(state).toMatchObject({ sourceValue: 'Haus', sentence: picked.sentence, origin: { origin: 'article', originId: 'a1' } });
  });

  it('schedules a flashcard review with FSRS, keeping the schedule before and after', () => {
    const at = '2026-03-02T09:05:00.000Z';
    spec
      .given([created])
      .when(review('good', 'flashcards', at))
      .then([reviewed('good', at, 'flashcards', true)]);
  });

  it("schedules one game or reader review per card on the learner's day (its own time zone's)", () => {
    // 23:30 UTC on Monday is Monday 16:30 in Los Angeles; 01:00 UTC on Tuesday is still Monday there.
    const first = reviewed('good', '2026-03-02T23:30:00.000Z', 'reader', true, undefined, '2026-03-02');
    const after = first.type === 'practice.FlashcardReviewed' ? first.data.after : undefined;
    const later = '2026-03-03T01:00:00.000Z';
    spec
      .given([created, first])
      .when(review('good', 'reader', later, '2026-03-02'))
      .then([reviewed('good', later, 'reader', false, after, '2026-03-02')]);
  });

  it("schedules one game review per card per UTC day without the learner's zone; later ones that day are only counted", () => {
    const first = reviewed('good', '2026-03-02T10:00:00.000Z', 'quick-quiz', true);
    const sameDay = '2026-03-02T23:59:00.000Z';
    const after = first.type === 'practice.FlashcardReviewed' ? first.data.after : undefined;
    spec
      .given([created, first])
      .when(review('again', 'match-words', sameDay))
      .then([reviewed('again', sameDay, 'match-words', false, after)]);
    spec
      .given([created, first])
      .when(review('again', 'flashcards', sameDay))
      .then([reviewed('again', sameDay, 'flashcards', true, after)]);
    const nextDay = '2026-03-03T00:00:00.000Z';
    spec
      .given([created, first])
      .when(review('good', 'quick-quiz', nextDay))
      .then([reviewed('good', nextDay, 'quick-quiz', true, after)]);
  });

  it('decides nothing for a review it already has (a retried request)', () => {
    const at = '2026-03-02T09:05:00.000Z';
    spec
      .given([created, reviewed('good', at, 'flashcards', true)])
      .when(review('good', 'flashcards', at))
      .then([]);
  });

  it('never schedules from a time before the last review (clocks of two servers may disagree)', () => {
    const first = reviewed('good', '2026-03-02T10:00:00.000Z', 'flashcards', true);
    const after = first.type === 'practice.FlashcardReviewed' ? first.data.after : undefined;
    const [event] = flashcardDecider.decide(
      review('good', 'flashcards', '2026-03-02T09:59:59.000Z'),
      flashcardDecider.evolve(flashcardDecider.evolve(flashcardDecider.initialState(), created), first),
    );
    expect(event?.type === 'practice.FlashcardReviewed' && event.data.after).toEqual(
      reschedule(after!, new Date('2026-03-02T10:00:00.000Z'), 'good'),
    );
  });

  it('undoes the last flashcard review: the card gets its schedule from before it, once', () => {
    const at = '2026-03-02T09:05:00.000Z';
    const last = reviewed('again', at, 'flashcards', true);
    const undo = cmd({ kind: 'undo-review', reviewId: reviewIdAt(at) }, '2026-03-02T09:06:00.000Z');
    const undone: FlashcardEvent = {
      type: 'practice.FlashcardReviewUndone',
      data: {
        ...ref,
        reviewId: reviewIdAt(at),
        language: 'de',
        restored: newSchedule(new Date(T0)),
        reviewedAt: at,
        at: '2026-03-02T09:06:00.000Z',
      },
    };
    spec.given([created, last]).when(undo).then([undone]);
    spec.given([created, last, undone]).when(undo).then([]); // undone already (another request)
    const state = [created, last, undone].reduce(flashcardDecider.evolve, flashcardDecider.initialState());
    expect(state).toMatchObject({ schedule: newSchedule(new Date(T0)), timePracticed: 0 });
  });

  it('refuses to undo a review that is not the last one of the card, or a game review', () => {
    const first = reviewed('again', '2026-03-02T09:05:00.000Z', 'flashcards', true);
    const after = first.type === 'practice.FlashcardReviewed' ? first.data.after : undefined;
    const second = reviewed('good', '2026-03-02T09:07:00.000Z', 'flashcards', true, after);
    spec
      .given([created, first, second])
      .when(cmd({ kind: 'undo-review', reviewId: reviewIdAt('2026-03-02T09:05:00.000Z') }))
      .thenThrows('Only the last review of a card can be undone.');
    const game = reviewed('good', '2026-03-02T10:00:00.000Z', 'quick-quiz', true);
    spec
      .given([created, game])
      .when(cmd({ kind: 'undo-review', reviewId: reviewIdAt('2026-03-02T10:00:00.000Z') }))
      .thenThrows('Only the last review of a card can be undone.');
  });
});
