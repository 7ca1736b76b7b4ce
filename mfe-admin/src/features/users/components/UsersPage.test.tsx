// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { AdminUserRowSchema } from '@verba/contracts/http';
import { UsersPage } from './UsersPage';
import { resetAfterEach } from '../../../test/reset';

const row = (uid: string, name: string, over: Partial<Record<'subscription' | 'paidSubscription' | 'manualGrant' | 'role', unknown>>) =>
  AdminUserRowSchema.parse({
    uid,
    name,
    email: `${name.toLowerCase()}@example.org`,
    role: 'User',
    subscription: 'free',
    learnedLanguages: ['de'],
    creationDateStamp: Date.UTC(2026, 0, 5),
    username: null,
    disabled: false,
    paidSubscription: false,
    manualGrant: false,
    ...over,
  });
const BOTH = row('11111111-1111-4111-8111-111111111111', 'Dora', { subscription: 'master', paidSubscription: true, manualGrant: true });
const PAID = row('22222222-2222-4222-8222-222222222222', 'Paul', { subscription: 'master', paidSubscription: true });
const OWNER = row('33333333-3333-4333-8333-333333333333', 'Olga', { role: 'Owner' });

/** The server's list (every query answered alike) and what the page asked it. */
function mockUsers(users = [BOTH, PAID]) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://verba.test');
    if (url.pathname !== '/api/admin/users') throw new Error(`unexpected ${input}`);
    return Response.json({ users, total: users.length, page: 1, pageSize: 20 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map(([input]) => new URL(input, 'http://verba.test').search);
}

beforeEach(() =>
  session.setUser({ uid: 'a1', name: 'Ada', email: 'ada@example.org', role: 'Admin', currentLearningLanguage: 'de', subscription: 'free' }),
);
resetAfterEach();

const renderPage = () =>
  render(
    <KitProviders>
      <UsersPage />
    </KitProviders>,
  );

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

  it("offers the Owner's row no Disable or Delete that the server would refuse, and says why", async () => {
    mockUsers([OWNER, PAID]);
    renderPage();
    const olga = within(await screen.findByRole('row', { name: /olga@example\.org/ }));
    const disable = olga.getByRole('button', { name: 'Disable Olga' }) as HTMLButtonElement;
    const remove = olga.getByRole('button', { name: 'Delete Olga' }) as HTMLButtonElement;
    expect([disable.disabled, disable.title]).toEqual([true, 'The owner cannot be disabled']);
    expect([remove.disabled, remove.title]).toEqual([true, 'Only an Owner can delete an admin or an Owner']);
    // A learner's row keeps both.
    const paul = within(screen.getByRole('row', { name: /paul@example\.org/ }));
    expect((paul.getByRole('button', { name: 'Disable Paul' }) as HTMLButtonElement).disabled).toBe(false);
    expect((paul.getByRole('button', { name: 'Delete Paul' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets another Owner delete the Owner, but not disable them', async () => {
    session.setUser({
      uid: 'o2',
      name: 'Otto',
      email: 'otto@example.org',
      role: 'Owner',
      currentLearningLanguage: 'de',
      subscription: 'free',
    });
    mockUsers([OWNER]);
    renderPage();
    const olga = within(await screen.findByRole('row', { name: /olga@example\.org/ }));
    expect((olga.getByRole('button', { name: 'Disable Olga' }) as HTMLButtonElement).disabled).toBe(true);
    expect((olga.getByRole('button', { name: 'Delete Olga' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
