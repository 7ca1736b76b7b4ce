// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { KitProviders } from '@verba/kit/query';
import { LearnFirstSchema } from '@verba/contracts/http';
import { resetAfterEach } from '../../../test/reset';
import { callsTo, json } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from '../components/ReaderPage';

resetAfterEach();
afterEach(() => window.history.replaceState(null, '', '/'));

describe('"Learn these first" in the reader’s tools', () => {
  it('opens from the reader of an article and asks for that article’s words', async () => {
    window.history.replaceState(null, '', `/app/library/${ARTICLE_ID}`);
    const fetchMock = mockReader('Der Hund läuft schnell. Der Hund schläft.', {
      'GET /api/articles/learn-first': () =>
        json(
          LearnFirstSchema.parse({
            articleId: ARTICLE_ID,
            name: 'Der Hund',
            languageCode: 'de',
            totalWords: 7,
            knownWords: 0,
            knownPercent: 0,
            knownPercentAfter: 28,
            targetPercent: 95,
            estimated: false,
            words: [{ word: 'hund', forms: ['hund'], count: 2, status: 'new', meaning: 'dog', sentence: 'Der Hund läuft schnell.' }],
          }),
        ),
    });
    render(
      <KitProviders>
        <ReaderPage articleId={ARTICLE_ID} />
      </KitProviders>,
    );
    await screen.findByRole('heading', { name: 'Der Hund' });
    // Nothing is asked before the learner opens it.
    expect(callsTo(fetchMock, 'GET', '/api/articles/learn-first')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Learn these first' }));
    const dialog = await screen.findByRole('dialog', { name: 'Learn these first' });
    expect(await within(dialog).findByText('dog')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/articles/learn-first')[0]!.url.searchParams.get('articleId')).toBe(ARTICLE_ID);
  });
});
