import { afterEach, describe, expect, it } from 'vitest';
import { getDictionary, getOwnMeaning } from '@verba/contracts/http';
import { queryClient, routeKey } from './index';
import { rereadQueuedChanges } from './offline';

afterEach(() => queryClient.clear());

describe('reads changed by a write the offline worker queued', () => {
  it('marks the reads of the named paths stale, at every position, and leaves the others alone', async () => {
    const meaning = routeKey(getOwnMeaning, { query: { languageCode: 'de', word: 'Haus' } });
    const meaningLater = routeKey(getOwnMeaning, { query: { languageCode: 'de', word: 'Haus', minPosition: '7.1' } });
    const dictionary = routeKey(getDictionary, { query: { languageCode: 'de' } });
    for (const key of [meaning, meaningLater, dictionary]) queryClient.setQueryData(key, { any: 'answer' });

    await rereadQueuedChanges([getOwnMeaning.path]);

    expect(queryClient.getQueryState(meaning)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(meaningLater)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(dictionary)?.isInvalidated).toBe(false);
  });

  it('changes nothing for a write that changes no read', async () => {
    const dictionary = routeKey(getDictionary, { query: { languageCode: 'de' } });
    queryClient.setQueryData(dictionary, { any: 'answer' });
    await rereadQueuedChanges([]);
    expect(queryClient.getQueryState(dictionary)?.isInvalidated).toBe(false);
  });
});
