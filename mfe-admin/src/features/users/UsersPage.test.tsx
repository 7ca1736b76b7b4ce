// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { AdminUserRowSchema } from '@verba/contracts/http';
import { UsersPage } from './UsersPage';
import { resetAfterEach } from '../../test/reset';

const row = (uid: string, name: string, over: Partial<Record<'subscription' | 'paidSubscription' | 'manualGrant', unknown>>) =>
  AdminUserRowSchema.parse({
    uid, name, email: `${name.toLowerCase()}@example.org`, role: 'User', subscription: 'free', learnedLanguages: ['de'], creationDateStamp: Date.UTC(2026, 0, 5),
    username: null, disabled: false, paidSubscription: false, manualGrant: false, ...over,
  });
const BOTH = row('11111111-1111-4111-8111-111111111111', 'Dora', { subscription: 'master', paidSubscription: true, manualGrant: true });
const PAID = row('22222222-2222-4222-8222-222222222222', 'Paul', { subscription: 'master', paidSubscription: true });

/** The server's list (every query answered alike) and what the page asked it. */
function mockUsers() {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://verba.test');
    if (url.pathname !== '/api/admin/users') throw new Error(`unexpected ${input}`);
    return Response.json({ users: [BOTH, PAID], total: 2, page: 1, pageSize: 20 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map(([input]) => new URL(input, 'http://verba.test').search);
}

beforeEach(() => session.setUser({ uid: 'a1', name: 'Ada', email: 'ada@example.org', role: 'Admin', currentLearningLanguage: 'de', subscription: 'free' }));
resetAfterEach();

const renderPage = () => render(<KitProviders><UsersPage /></KitProviders>);

describe('the users page', () => {
  it('shows a user who pays and has a manual grant as both, and taking the grant back keeps the paid one', async () => {
    mockUsers();
    renderPage();
    const dora = within(await screen.findByRole('row', { name: /dora@example\.org/ }));
    expect(dora.getByText('Master · Paid + Manual grant')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /paul@example\.org/ })).getByText('Master · Paid')).toBeTruthy();
    await act(async () => fireEvent.click(dora.getByRole('button', { name: 'Take back Master from Dora' })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Take back Master from Dora?' });
    expect(within(dialog).getByText('Only the manual grant ends: their paid subscription keeps them Master.')).toBeTruthy();
  });

  it('asks the server for the chosen order, from the first page', async () => {
    const asked = mockUsers();
    renderPage();
    await screen.findByRole('row', { name: /dora@example\.org/ });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'lastActive' } });
    await waitFor(() => expect(asked().at(-1)).toBe('?page=1&sort=lastActive'));
  });
});
