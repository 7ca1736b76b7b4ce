import { describe, expect, it } from 'vitest';
import { LEARNING_LANGUAGES } from '../domain/languages';
import {
  ArticleReadV1,
  INTEGRATION_EVENTS,
  UserDeletedV1,
  WordStatusChangedV1,
  parseIntegrationEvent,
  validateIntegrationEvent,
} from './events';

const id = '0b7f6c1e-8d7a-4c3b-9a2e-5f1d3c4b6a7e';
const userId = '5e0c8f0a-3b1d-4e2f-8a6c-7d9e0f1a2b3c';

describe('published integration events', () => {
  it('verba.identity.user-deleted v1 carries the userId', () => {
    const e = UserDeletedV1.create({ id, occurredAt: '2026-03-01T10:00:00Z', key: userId, data: { userId } });
    expect(e.type).toBe('verba.identity.user-deleted');
    expect(e.version).toBe(1);
    expect(UserDeletedV1.topic).toBe('verba.identity');
    expect(() => UserDeletedV1.create({ id, occurredAt: '2026-03-01T10:00:00Z', key: 'x', data: { userId: 'x' } })).toThrow();
  });

  it('verba.vocabulary.word-status-changed v1 carries user, language, word and status', () => {
    const data = { userId, language: 'fr', word: "l'été", status: 'known' } as const;
    const e = WordStatusChangedV1.create({ id, occurredAt: '2026-03-01T10:00:00Z', key: userId, data });
    expect(e.data).toEqual(data);
    expect(WordStatusChangedV1.topic).toBe('verba.vocabulary');
    const at = { id, occurredAt: '2026-03-01T10:00:00Z', key: userId };
    expect(() => WordStatusChangedV1.create({ ...at, data: { ...data, language: 'it' as 'fr' } })).toThrow();
    expect(() => WordStatusChangedV1.create({ ...at, data: { ...data, status: 'learning' as 'new' } })).toThrow();
    expect(() => WordStatusChangedV1.create({ ...at, data: { ...data, word: '' } })).toThrow();
  });

  it("v1 languages are exactly today's learning languages; a new language needs a v2, not an edit", () => {
    const shape = WordStatusChangedV1.create({
      id,
      occurredAt: '2026-03-01T10:00:00Z',
      key: userId,
      data: { userId, language: 'de', word: 'Haus', status: 'new' },
    });
    for (const language of LEARNING_LANGUAGES) {
      expect(WordStatusChangedV1.schema.safeParse({ ...shape, data: { ...shape.data, language } }).success).toBe(true);
    }
  });

  it('parses a received message value by its type and version', () => {
    const e = UserDeletedV1.create({ id, occurredAt: '2026-03-01T10:00:00Z', key: userId, data: { userId } });
    expect(parseIntegrationEvent(JSON.stringify(e))).toEqual(e);
    expect(parseIntegrationEvent(e)).toEqual(e);
    expect(() => parseIntegrationEvent({ ...e, version: 9 })).toThrow(/Unknown integration event/);
    expect(() => parseIntegrationEvent({ ...e, data: {} })).toThrow();
    expect(() => parseIntegrationEvent('{"nope":1}')).toThrow();
  });

  it('an event built without validation is validated once before publishing, against its own version', () => {
    const at = { id, occurredAt: '2026-03-01T10:00:00Z', key: userId };
    const good = ArticleReadV1.build({ ...at, data: { userId, articleId: id, language: 'de', day: '2026-03-01' } });
    expect(validateIntegrationEvent(good)).toEqual(good);
    const bad = ArticleReadV1.build({ ...at, data: { userId, articleId: id, language: 'it' as 'de', day: '2026-03-01' } });
    expect(() => validateIntegrationEvent(bad)).toThrow();
    // An event type this version of the contracts does not know is checked as an envelope only.
    expect(validateIntegrationEvent({ ...good, type: 'verba.test.other', data: { anything: 1 } }).type).toBe('verba.test.other');
    expect(() => validateIntegrationEvent({ ...good, type: 'verba.test.other', key: '' })).toThrow();
  });

  it('every (type, version) is declared once', () => {
    const keys = INTEGRATION_EVENTS.map((d) => `${d.type}@${d.version}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
