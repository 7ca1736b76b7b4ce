// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KitProviders } from '@verba/kit/query';
import { LIBRARY_MESSAGES } from '@verba/contracts/http';
import { resetAfterEach } from '../../../test/reset';
import { problem } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';

const renderReader = () =>
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );

resetAfterEach();

describe('an article the reader cannot show', () => {
  it('tells a free learner a Master-only article is for Master and offers the upgrade, not a retry', async () => {
    mockReader('', { [`GET /api/articles/${ARTICLE_ID}`]: () => problem(403, LIBRARY_MESSAGES.premiumOnly) });
    renderReader();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(LIBRARY_MESSAGES.premiumOnly);
    expect(screen.getByRole('link', { name: 'Upgrade to Master' }).getAttribute('href')).toBe('/app/user-profile/subscribe');
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
    expect(screen.queryByText('This article could not be loaded.')).toBeNull();
  });

  it('offers a retry when the article failed to load for another reason', async () => {
    mockReader('', { [`GET /api/articles/${ARTICLE_ID}`]: () => problem(500, 'The server failed.') });
    renderReader();
    expect(await screen.findByText('This article could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade to Master' })).toBeNull();
  });
});
