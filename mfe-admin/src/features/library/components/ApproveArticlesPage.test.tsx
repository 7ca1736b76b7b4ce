// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { ArticleSchema } from '@verba/contracts/http';
import { ApproveArticlesPage } from './ApproveArticlesPage';
import { resetAfterEach } from '../../../test/reset';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const article = (id: string, name: string, content: string) =>
  ArticleSchema.parse({
    id,
    name,
    content,
    languageCode: 'de',
    category: 'Travel',
    generalDifficulty: 'A2',
    totalWords: 5,
    authorDisplayName: 'Lena',
    creationDate: 0,
    averageRating: 0,
    ratings: 0,
    totalReads: 0,
    previewImgSrc: null,
    isPrivate: false,
    needApprove: true,
    isPremiumOnly: false,
    seriesId: null,
    seriesTitle: null,
    isAuthor: false,
    difficulty: 'Ideal',
    contentFormat: 'text',
    translation: '',
    declineReason: null,
    flagged: false,
  });

/** fetch stubbed with the pending list and the review route (whose answer the test picks). */
function mockApi(review: () => Response) {
  const reviews: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://verba.test');
      if (url.pathname === '/api/admin/library/pending')
        return json({
          articles: [article(A, 'Am Fluss', 'Der <script>alert(1)</script> Fluss.'), article(B, 'Im Garten', 'Die Blumen.')],
          total: 2,
          page: 1,
          pageSize: 20,
        });
      if (url.pathname === '/api/admin/library/review') {
        reviews.push(JSON.parse(String(init?.body)));
        return review();
      }
      throw new Error(`unexpected ${input}`);
    }),
  );
  return reviews;
}

resetAfterEach();

const renderPage = () =>
  render(
    <KitProviders>
      <ApproveArticlesPage />
    </KitProviders>,
  );

describe('ApproveArticlesPage', () => {
  it('declines the chosen articles at once with the reason, and shows what the author wrote as text', async () => {
    const reviews = mockApi(() => json({ changed: 2, position: '5.5' }));
    renderPage();
    await screen.findByRole('listitem', { name: 'Am Fluss' });
    expect(screen.getByText('Der <script>alert(1)</script> Fluss.')).toBeTruthy();
    expect(document.querySelectorAll('main script')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose “Am Fluss”' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose “Im Garten”' }));
    expect(screen.getByText('Choose all (2 of 2 chosen)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason for declining the chosen'), { target: { value: 'Please add a source.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Decline chosen' })));
    expect(reviews).toEqual([{ action: 'decline', articleIds: [A, B], reason: 'Please add a source.', commandId: expect.any(String) }]);
    expect(toastStore.get().map((t) => t.title)).toContain('2 articles declined');
  });

  it("shows the server's refusal and keeps the choice", async () => {
    mockApi(() => json({ message: 'This article is not waiting for approval.' }, 409));
    renderPage();
    await screen.findByRole('listitem', { name: 'Im Garten' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose “Im Garten”' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve chosen' })));
    expect((await screen.findByRole('alert')).textContent).toBe('This article is not waiting for approval.');
    expect(screen.getByText('Choose all (1 of 2 chosen)')).toBeTruthy();
  });
});
