import type { EventDefinition } from '../../../platform/decider/events';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, when, type DeclaredProjection, type EventEnvelope } from '../../../platform/projections/declare';
import { subscriptionEvents } from '../../billing/published';
import { OnboardingCompleted, ProfileUpdated, TimeRecorded, UserDeleted, UserRegistered } from '../../identity/published';
import { ChapterCompleted } from '../../learning/published';
import { ArticleRead, ReadingTimeRecorded } from '../../library/published';
import { FlashcardCreated, FlashcardDeleted, FlashcardReviewed, FlashcardReviewUndone } from '../../practice/published';
import { WordStatusChanged } from '../../vocabulary/published';
import { factOf, type Fact, type Mappers } from '../events';
import { factChanges, lookupOf } from './fact-changes';
import { ANALYTICS_TABLES } from './tables';

export const ANALYTICS_PROJECTION = 'analytics';
const ANALYTICS_BATCH_INTERVAL_MS = 100;

/** The events whose public facts analytics follows (the contexts' integration mappers turn them into facts). */
const FOLLOWED: readonly EventDefinition[] = [
  UserRegistered,
  OnboardingCompleted,
  ProfileUpdated,
  TimeRecorded,
  UserDeleted,
  ArticleRead,
  ReadingTimeRecorded,
  ChapterCompleted,
  FlashcardCreated,
  FlashcardReviewed,
  FlashcardReviewUndone,
  FlashcardDeleted,
  WordStatusChanged,
  ...subscriptionEvents,
];

/**
 * The analytics read model: users, their languages, per-day activity, words, cards, and anonymous per-day
 * reads of articles and completions of chapters, with per-day rollups for the dashboard. Each followed
 * event is first turned into its public fact by the mapper of the context that publishes it (see
 * events.ts), so every figure is defined on the facts analysts receive. `asOfTime` lets the runner rebuild
 * it for any past date from the log: the facts that had happened by then.
 */
export function analyticsProjection(mappers: Mappers): DeclaredProjection {
  const unknown = Object.keys(mappers).filter((type) => !FOLLOWED.some((def) => def.type === type));
  if (unknown.length) throw new Error(`analytics follows no ${unknown.join(', ')}: name its event in FOLLOWED`);
  const declared = defineProjection({
    name: ANALYTICS_PROJECTION,
    // 2: per-day rollups for the language analytics query. 3: cards held, with their schedule. 4: an undone
    // review no longer counts. 5: declared (premium null until a subscription says, read as not Master).
    // 6: learners' activity by quarter hour too (their own days in their time zone). 7: the reader's page times
    // (minutes read, pages and words read by quarter hour; words read and words a minute per text).
    version: 7,
    tables: ANALYTICS_TABLES,
    // Dashboards, not the page a learner marks words on: batches of a tenth of a second under load cost a
    // fraction a mark of a transaction every few milliseconds (services/bench/NOTES.md).
    minBatchIntervalMs: ANALYTICS_BATCH_INTERVAL_MS,
    on: FOLLOWED.filter((def) => Object.hasOwn(mappers, def.type)).map((def) => {
      const fact = (data: unknown, e: EventEnvelope) => factOf(mappers, recordedOf(def, data, e));
      const follow = (data: unknown, e: EventEnvelope, found?: Parameters<typeof factChanges>[1]) => {
        const f = fact(data, e);
        return f ? factChanges(f, found) : [];
      };
      // Only a completed chapter reads a row (the learner's language): the others' facts are not made twice.
      return def === ChapterCompleted ? when(def, follow, { lookup: (data, e) => lookupIn(fact(data, e)) }) : when(def, follow);
    }),
  });
  return {
    ...declared,
    asOfTime(event) {
      const f = factOf(mappers, event);
      return f ? new Date(f.occurredAt) : null;
    },
  };
}

const lookupIn = (f: Fact | null) => (f ? lookupOf(f) : null);

/** The event as its context's mapper reads it: its data already read (upcast) at its definition's version. */
const recordedOf = (def: EventDefinition, data: unknown, e: EventEnvelope): RecordedEvent =>
  (e as RecordedEvent).data === data
    ? (e as RecordedEvent)
    : ({ ...(e as RecordedEvent), type: def.type, version: def.version, data } as RecordedEvent);
