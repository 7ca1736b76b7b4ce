import { describe, expect, it } from 'vitest';
import { isRetryOf, type EarlierEvent } from './retried-append';
import type { NewEvent } from './port';

const id = '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';
const stored: EarlierEvent = {
  id,
  streamId: 's-1',
  type: 'A',
  data: { word: 'haus', status: 'known', at: '2026-01-01T00:00:00Z', nested: { expiresAt: 'x' } },
  metadata: { userId: 'u1' },
};
const again = (over: Partial<NewEvent> = {}): NewEvent => ({
  id: id.toUpperCase(),
  type: 'A',
  version: 1,
  data: { word: 'haus', status: 'known', at: '2026-01-01T00:00:09Z', nested: { expiresAt: 'y' }, gone: undefined },
  metadata: { userId: 'u1', causationId: 'c' },
  ...over,
});

describe('telling a retried append from a reused command id', () => {
  it('takes the same events, but for their times, from the same user on the same stream as a retry', () => {
    expect(isRetryOf([stored], 's-1', [again()])).toBe(true);
  });

  it('takes anything else as a reuse: another stream, user, type, data or number of events', () => {
    expect(isRetryOf([stored], 's-2', [again()])).toBe(false);
    expect(isRetryOf([stored], 's-1', [again({ metadata: { userId: 'u2' } })])).toBe(false);
    expect(isRetryOf([stored], 's-1', [again({ type: 'B' })])).toBe(false);
    expect(isRetryOf([stored], 's-1', [again({ data: { word: 'haus', status: 'uncertain' } })])).toBe(false);
    expect(isRetryOf([stored], 's-1', [again(), again({ id: '00000000-0000-4000-8000-000000000000' })])).toBe(false);
  });
});
