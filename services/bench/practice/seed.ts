import { randomUUID } from 'node:crypto';
import type { ReviewRating } from '@verba/contracts';
import { EventCodec } from '../../src/platform/decider/events';
import type { EventStore, Position } from '../../src/platform/event-store/port';
import { comparePositions } from '../../src/platform/event-store/port';
import { flashcardDecider, type FlashcardCommand, type FlashcardState } from '../../src/contexts/practice/decider';
import { flashcardEvents, flashcardStream } from '../../src/contexts/practice/events';

const codec = new EventCodec([...flashcardEvents]);
const DAY = 86_400_000;
const RATINGS: ReviewRating[] = ['again', 'hard', 'good', 'good', 'good', 'easy'];

/** A small deterministic generator, so every run seeds the same collection. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The events of one card: created some time in the last year, then 0-4 reviews at or after each due
 * date, decided by the real decider (so the schedules are ts-fsrs's) and appended in one go.
 */
function cardHistory(userId: string, cardId: string, i: number, now: number, random: () => number) {
  let at = now - Math.floor(random() * 365 * DAY);
  const commands: FlashcardCommand[] = [
    {
      kind: 'create',
      userId,
      cardId,
      at: new Date(at).toISOString(),
      language: 'de',
      sourceValue: `Wort ${i}`,
      targetValue: `word ${i}`,
      origin: 'article',
      originId: `article-${i % 200}`,
      originName: null,
    },
  ];
  let state: FlashcardState = flashcardDecider.initialState();
  const events = [];
  const reviews = Math.floor(random() * 5);
  for (let n = 0; n <= reviews; n++) {
    const command =
      n === 0
        ? commands[0]!
        : {
            kind: 'review' as const,
            reviewId: randomUUID(),
            userId,
            cardId,
            at: new Date(at).toISOString(),
            rating: RATINGS[Math.floor(random() * RATINGS.length)]!,
            source: 'flashcards' as const,
          };
    for (const e of flashcardDecider.decide(command, state)) {
      events.push(e);
      state = flashcardDecider.evolve(state, e);
    }
    at = Math.max(at + 60_000, Date.parse(state.schedule!.due) + Math.floor(random() * 3 * DAY));
    if (at > now) break;
  }
  return events.map((e) => codec.encode(e, randomUUID(), { userId }));
}

/** Appends `count` card streams for one user, `concurrency` appends in flight; returns the last position. */
export async function seedCards(
  store: EventStore,
  userId: string,
  count: number,
  concurrency = 8,
): Promise<{ position: Position; events: number }> {
  const random = generator(20_000);
  const now = Date.now();
  let next = 0;
  let events = 0;
  let last: Position | undefined;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const cardId = randomUUID();
      const batch = cardHistory(userId, cardId, i, now, random);
      const { position } = await store.append(flashcardStream(userId, cardId), batch, 'no_stream');
      events += batch.length;
      if (!last || comparePositions(position, last) > 0) last = position;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { position: last!, events };
}
