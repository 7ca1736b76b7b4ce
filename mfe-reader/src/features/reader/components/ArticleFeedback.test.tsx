// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { LIBRARY_MESSAGES } from '@verba/contracts/http';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID, callsTo, json, mockApi, problem } from '../../../test/mock-api';
import { ARTICLE_ID, ratingOf } from '../../../test/reader-fixtures';
import { ArticleFeedback } from './ArticleFeedback';

resetAfterEach();

/** The server's rating of the article: two others rated it 3 and 4; the learner's own comes with a POST. */
function mockFeedback() {
  let mine: number | null = null;
  return mockApi({
    'GET /api/articles/rating': () => {
      const all = [3, 4, ...(mine === null ? [] : [mine])];
      return json(
        ratingOf({ articleId: ARTICLE_ID, rating: mine, averageRating: all.reduce((a, b) => a + b, 0) / all.length, ratings: all.length }),
      );
    },
    'POST /api/articles/rating': (_url, init) => {
      mine = (JSON.parse(String(init?.body)) as { rate: number }).rate;
      return json({ position: '9.0' });
    },
    'POST /api/articles/add-flagged': () => json({ flagged: 1, position: '9.1' }),
  });
}

const renderFeedback = (isAuthor = false) =>
  render(
    <KitProviders>
      <ArticleFeedback articleId={ARTICLE_ID} isAuthor={isAuthor} />
    </KitProviders>,
  );

describe('rating and flagging an article in the reader', () => {
  it('shows the average, rates 1-5 with a command id and shows the new average', async () => {
    const fetchMock = mockFeedback();
    renderFeedback();
    await screen.findByText('Average 3.5 from 2 ratings');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rate 5 out of 5' })));
    expect(callsTo(fetchMock, 'POST', '/api/articles/rating').map((c) => c.body)).toEqual([
      { articleId: ARTICLE_ID, rate: 5, commandId: COMMAND_ID },
    ]);
    await screen.findByText('Your rating: 5 of 5 · Average 4.0 from 3 ratings');
    expect(screen.getByRole('button', { name: 'Rate 5 out of 5' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('flags the article with a reason from a dialog; an empty reason is refused in place and sends nothing', async () => {
    const fetchMock = mockFeedback();
    renderFeedback();
    fireEvent.click(screen.getByRole('button', { name: 'Flag for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag this article for review' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send flag' })));
    expect(screen.getByRole('alert').textContent).toBe(LIBRARY_MESSAGES.reasonRequired);
    expect(screen.getByLabelText(/Reason/).getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST', '/api/articles/add-flagged')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: '  The level is B2, not A1  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send flag' })));
    expect(callsTo(fetchMock, 'POST', '/api/articles/add-flagged').map((c) => c.body)).toEqual([
      { articleIds: [ARTICLE_ID], reason: 'The level is B2, not A1', commandId: COMMAND_ID },
    ]);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(toastStore.get().map((t) => t.title)).toContain('Thank you: the article was flagged for review');
  });

  it('shows the server’s message when the flag is refused, and keeps the dialog open', async () => {
    mockApi({
      'GET /api/articles/rating': () => json(ratingOf({ articleId: ARTICLE_ID, rating: null, averageRating: 0, ratings: 0 })),
      'POST /api/articles/add-flagged': () => problem(404, LIBRARY_MESSAGES.articleNotFound),
    });
    renderFeedback();
    await screen.findByText('No ratings yet');
    fireEvent.click(screen.getByRole('button', { name: 'Flag for review' }));
    fireEvent.change(await screen.findByLabelText(/Reason/), { target: { value: 'Spam' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send flag' })));
    expect((await screen.findByRole('alert')).textContent).toBe(LIBRARY_MESSAGES.articleNotFound);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers no flag on the learner’s own article', async () => {
    mockFeedback();
    renderFeedback(true);
    await screen.findByText('Average 3.5 from 2 ratings');
    expect(screen.queryByRole('button', { name: 'Flag for review' })).toBeNull();
  });
});

describe('ArticleFeedback when the ratings cannot be read', () => {
  it('says so with the server’s message instead of showing nothing', async () => {
    mockApi({ 'GET /api/articles/rating': () => problem(404, LIBRARY_MESSAGES.articleNotFound) });
    renderFeedback();
    await screen.findByText(`The ratings could not be loaded (${LIBRARY_MESSAGES.articleNotFound}).`);
  });
});
