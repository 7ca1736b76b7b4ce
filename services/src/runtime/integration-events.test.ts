import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_EVENTS, schemaFileName } from '@verba/contracts/integration';
import { History, SUBSCRIPTION_KINDS, uuidOf } from '../../test-support/analytics-history';
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

const userId = uuidOf(1);
const at = '2026-10-01T09:30:00.000Z';

/** One of every domain event that is a public fact, as the store would hand it to the relay. */
const history = new History()
  .registered(userId, at)
  .onboarded(userId, 'de', at)
  .switchedTo(userId, 'fr', at)
  .time(userId, 'es', 60, at)
  .read(userId, uuidOf(100), 'ru', at)
  .readingTime(userId, uuidOf(100), 'ru', 90, 200, at)
  .chapter(userId, uuidOf(200), at)
  .cardCreated(userId, uuidOf(300), 'de', at)
  .review(userId, uuidOf(300), 'de', at, { state: 'relearning', reps: 4, lapses: 1 })
  .reviewUndone(userId, uuidOf(300), 'de', at, at, { state: 'review', reps: 3, lapses: 0 })
  .cardDeleted(userId, uuidOf(300), at)
  .word(userId, 'de', 'Haus', 'known', at);
for (const kind of SUBSCRIPTION_KINDS) history.subscription(userId, kind, 'active', at);
history.deleted(userId, at);
const samples = history.recorded();

const mappers = Object.assign({}, ...allModules.map((m) => m.integration ?? {}));

describe('integration events the relay publishes', () => {
  const published = samples.map((e) => ({ type: e.type, event: mappers[e.type]!(e) }));

  it.each(published.map((p) => [p.type, p] as const))(
    '%s becomes a message valid against its published JSON Schema',
    (_type, { event }) => {
      expect(event).not.toBeNull();
      const validate = validatorFor(event.type, event.version);
      expect(validate(JSON.parse(JSON.stringify(event))), JSON.stringify(validate.errors)).toBe(true);
      expect(event.key).toBe(userId);
    },
  );

  it('carries no personal data beyond pseudonymous ids', () => {
    const text = JSON.stringify(published.map((p) => p.event));
    for (const secret of ['v1.sealed', 'emailHash', 'cus_secret', 'sub_123', 'price_1', 'passwordHash', 'stability', 'reviewId']) {
      expect(text).not.toContain(secret);
    }
  });

  it('every published event type is produced by some domain event', () => {
    const produced = new Set(published.map((p) => p.event.type));
    expect(INTEGRATION_EVENTS.map((d) => d.type).filter((t) => !produced.has(t))).toEqual([]);
  });

  it('a profile change that keeps the language publishes nothing', () => {
    const [nameOnly] = new History().switchedTo(userId, 'de', at).recorded();
    delete nameOnly!.data.currentLearningLanguage;
    expect(mappers['identity.ProfileUpdated']!(nameOnly!)).toBeNull();
  });
});
