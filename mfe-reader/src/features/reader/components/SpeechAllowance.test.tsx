// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { translationLimit } from '@verba/contracts/http';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { callsTo, json } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';

/** The allowance as the server answers it, parsed with the contract. */
const allowance = (used: number, limit: number | null) =>
  translationLimit.response.parse({
    month: '2026-11',
    used,
    limit,
    remaining: limit === null ? 'unlimited' : Math.max(0, limit - used),
    allowed: limit === null || used < limit,
  });

async function openWord(answer: () => ReturnType<typeof allowance>) {
  const fetchMock = mockReader('Der Hund läuft schnell.', { 'POST /api/translationLimit': () => json(answer()) });
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
  await screen.findByRole('heading', { name: 'Der Hund' });
  fireEvent.click(document.querySelector<HTMLElement>('.rd-text [data-key="hund"]')!);
  return fetchMock;
}

beforeEach(() => {
  vi.stubGlobal(
    'Audio',
    class {
      addEventListener() {}
      play = async () => undefined;
    },
  );
  URL.createObjectURL = vi.fn(() => 'blob:audio');
  URL.revokeObjectURL = vi.fn();
});
resetAfterEach();

describe('the free pronunciations left this month, in the word panel', () => {
  it('shows a free learner what is left, and the count after a word was spoken', async () => {
    let used = 12;
    const fetchMock = await openWord(() => allowance(used, 50));
    expect((await screen.findByText('38 of 50 free pronunciations left this month.')).getAttribute('role')).toBe('status');
    used = 13; // the server counted the play
    fireEvent.click(screen.getByRole('button', { name: 'Listen to “Hund”' }));
    await screen.findByText('37 of 50 free pronunciations left this month.');
    expect(callsTo(fetchMock, 'POST', '/api/translationLimit').length).toBeGreaterThanOrEqual(2);
  });

  it('offers Master when nothing is left', async () => {
    await openWord(() => allowance(50, 50));
    const status = await screen.findByText(/0 of 50 free pronunciations left this month\./);
    expect(status.textContent).toBe('0 of 50 free pronunciations left this month. Upgrade to Master for unlimited pronunciations.');
    expect(screen.getByRole('link', { name: 'Upgrade to Master' }).getAttribute('href')).toBe('/app/user-profile/subscribe');
  });

  it('shows nothing to a Master subscriber (unlimited)', async () => {
    const fetchMock = await openWord(() => allowance(120, null));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/translationLimit')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Listen to “Hund”' });
    expect(screen.queryByText(/free pronunciations/)).toBeNull();
  });
});
