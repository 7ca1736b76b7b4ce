import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_EVENTS, schemaFileName } from '@verba/contracts/integration';
import type { RecordedEvent } from '../platform/event-store/port';
import { schemasDir } from './integration-schemas';
import { allModules } from './modules';

/**
 * What the relay publishes for every public fact: each domain event maps to its integration event, the
 * message validates against the committed JSON Schema of its (type, version), and nothing personal
 * (email, name, Stripe ids, card text) travels with it.
 */
const ajv = new Ajv2020({ strict: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const validatorFor = (type: string, version: number) => {
  const schema = JSON.parse(readFileSync(`${schemasDir}${schemaFileName({ type, version })}`, 'utf8')) as { $id: string };
  return ajv.getSchema(schema.$id) ?? ajv.compile(schema);
};

const userId = '5e0c8f0a-3b1d-4e2f-8a6c-7d9e0f1a2b3c';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-10-01T09:30:00.000Z';
const fsrs = { due: at, stability: 1, difficulty: 5, scheduledDays: 1, learningSteps: 0, reps: 1, lapses: 0, state: 'review', lastReview: null };
const snapshot = {
  subscriptionId: 'sub_123',
  customerId: 'cus_secret',
  userId,
  status: 'active',
  plan: 'monthly',
  priceId: 'price_1',
  currency: 'eur',
  unitAmount: 999,
  currentPeriodEnd: '2026-11-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  endedAt: null,
  observedAt: 1790000000,
};

/** One sample of every domain event that is a public fact, as the store would hand it to the relay. */
const samples: Array<[type: string, streamId: string, data: Record<string, unknown>]> = [
  ['identity.UserRegistered', `identity-user-${userId}`, { userId, emailHash: 'h', email: 'v1.sealed', name: 'v1.sealed', passwordHash: 'v1.sealed', provider: 'password', at }],
  ['identity.OnboardingCompleted', `identity-user-${userId}`, { language: 'de', level: 'A1', at }],
  ['identity.ProfileUpdated', `identity-user-${userId}`, { name: 'v1.sealed', currentLearningLanguage: 'fr', at }],
  ['identity.TimeRecorded', `identity-activity-${userId}-2026-10-01`, { userId, language: 'es', seconds: 60, at }],
  ['identity.UserDeleted', `identity-user-${userId}`, { userId, at }],
  ['vocabulary.WordStatusChanged', `vocabulary-${userId}.de`, { userId, language: 'de', word: 'Haus', status: 'known', at }],
  ['library.ArticleRead', `library-read-${userId}.${uuid(1)}.2026-10-01`, { userId, articleId: uuid(1), language: 'ru', day: '2026-10-01', at }],
  ['learning.ChapterCompleted', `learning-progress-${userId}.${uuid(2)}`, { userId, courseId: uuid(2), chapterId: uuid(3), lessonId: uuid(4), at }],
  ['practice.FlashcardReviewed', `flashcard-${userId}.${uuid(5)}`, { userId, cardId: uuid(5), reviewId: uuid(6), language: 'de', rating: 'good', source: 'flashcards', scheduled: true, before: fsrs, after: fsrs, at }],
  ...['Started', 'Renewed', 'PaymentFailed', 'CancelledAtPeriodEnd', 'Changed', 'Ended'].map(
    (kind) => [`billing.Subscription${kind}`, 'billing-subscription-sub_123', { snapshot, source: 'webhook', at }] as [string, string, Record<string, unknown>],
  ),
];

const mappers = Object.assign({}, ...allModules.map((m) => m.integration ?? {}));
const recorded = (type: string, streamId: string, data: Record<string, unknown>, n: number): RecordedEvent => ({
  id: uuid(100 + n),
  streamId,
  type,
  version: 1,
  data,
  metadata: {},
  revision: 0n,
  position: { commit: BigInt(n), prepare: 0n },
  createdAt: new Date(at),
});

describe('integration events the relay publishes', () => {
  const published = samples.map(([type, streamId, data], n) => ({ type, event: mappers[type]!(recorded(type, streamId, data, n)) }));

  it.each(published.map((p) => [p.type, p] as const))('%s becomes a message valid against its published JSON Schema', (_type, { event }) => {
    expect(event).not.toBeNull();
    const validate = validatorFor(event.type, event.version);
    expect(validate(JSON.parse(JSON.stringify(event))), JSON.stringify(validate.errors)).toBe(true);
    expect(event.key).toBe(userId);
  });

  it('carries no personal data beyond pseudonymous ids', () => {
    const text = JSON.stringify(published.map((p) => p.event));
    for (const secret of ['v1.sealed', 'emailHash', 'cus_secret', 'sub_123', 'price_1', 'passwordHash', 'stability']) {
      expect(text).not.toContain(secret);
    }
  });

  it('every published event type is produced by some domain event', () => {
    const produced = new Set(published.map((p) => p.event.type));
    expect(INTEGRATION_EVENTS.map((d) => d.type).filter((t) => !produced.has(t))).toEqual([]);
  });

  it('a profile change that keeps the language publishes nothing', () => {
    expect(mappers['identity.ProfileUpdated']!(recorded('identity.ProfileUpdated', `identity-user-${userId}`, { name: 'v1.x', at }, 99))).toBeNull();
  });
});
