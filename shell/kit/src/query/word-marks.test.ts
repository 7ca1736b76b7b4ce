import { afterEach, describe, expect, it } from 'vitest';
import { getDictionary } from '@verba/contracts/http';
import { optimisticMarks, queryClient, routeKey, type WordMark } from './index';

const read = (languageCode: 'de' | 'fr', minPosition?: string) =>
  routeKey(getDictionary, { query: { languageCode, ...(minPosition ? { minPosition } : {}) } });
const words = (key: readonly unknown[]) => (queryClient.getQueryData(key) as { words: WordMark[] } | undefined)?.words;

const marks = optimisticMarks((change: { languageCode: 'de' | 'fr'; marks: WordMark[] }) => change);

describe('optimisticMarks', () => {
  afterEach(() => queryClient.clear());

  it('shows a mark in every cached read of that language’s dictionary, whatever its position, and no other language', async () => {
    queryClient.setQueryData(read('de'), { languageCode: 'de', words: [{ value: 'hund', status: 'uncertain' }] });
    queryClient.setQueryData(read('de', '5.1'), { languageCode: 'de', words: [] });
    queryClient.setQueryData(read('fr'), { languageCode: 'fr', words: [] });
    await marks.onMutate({
      languageCode: 'de',
      marks: [
        { value: 'hund', status: 'known' },
        { value: 'katze', status: 'uncertain' },
      ],
    });
    expect(words(read('de'))).toEqual([
      { value: 'hund', status: 'known' },
      { value: 'katze', status: 'uncertain' },
    ]);
    expect(words(read('de', '5.1'))).toEqual([
      { value: 'hund', status: 'known' },
      { value: 'katze', status: 'uncertain' },
    ]);
    expect(words(read('fr'))).toEqual([]);
  });

  it('puts back only the refused mark’s words; a mark made meanwhile stays', async () => {
    queryClient.setQueryData(read('de'), { languageCode: 'de', words: [{ value: 'hund', status: 'uncertain' }] });
    const refused = { languageCode: 'de' as const, marks: [{ value: 'hund', status: 'new' as const }] };
    const undo = await marks.onMutate(refused);
    await marks.onMutate({ languageCode: 'de', marks: [{ value: 'maus', status: 'known' }] });
    expect(words(read('de'))).toEqual([{ value: 'maus', status: 'known' }]);
    marks.onError(new Error('refused'), refused, undo);
    expect(words(read('de'))).toEqual([
      { value: 'maus', status: 'known' },
      { value: 'hund', status: 'uncertain' },
    ]);
  });
});
