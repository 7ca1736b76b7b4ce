// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@verba/kit';
import { KitProviders, queryClient } from '@verba/kit/query';
import { Newsletter } from './Newsletter';
import type { MailingListContact } from './mailing-list-api';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (status: number, detail: string) => json({ type: 'about:blank', title: 'Error', status, detail, message: detail }, status);

/** The server's mailing-list proxy over one learner's contact (null: not on the list); `refuse` answers writes instead. */
function mockList(start: MailingListContact | null, refuse?: () => Response) {
  let contact = start;
  const writes: string[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      if (call === 'GET /api/brevo/get-user') return json({ contact });
      writes.push(call);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      bodies.push(body);
      if (refuse) return refuse();
      if (call === 'POST /api/brevo/create-user') contact = { ...(body as { email: string; name?: string }), emailBlacklisted: false };
      else if (call === 'PATCH /api/brevo/update-blacklist') contact = { ...contact!, emailBlacklisted: body!.emailBlacklisted as boolean };
      else if (call === 'PUT /api/brevo/update-user') contact = { ...contact!, ...body };
      else if (call === 'DELETE /api/brevo/delete-user') contact = null;
      else throw new Error(`unexpected ${call}`);
      return json({ ok: true });
    }),
  );
  return { writes, bodies, now: () => contact };
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  toastStore.clear();
  vi.unstubAllGlobals();
});

/** The newsletter inside the kit's query cache, as the profile page renders it. */
const newsletter = (email: string, name: string) => (
  <KitProviders>
    <Newsletter email={email} name={name} />
  </KitProviders>
);
const toggle = () => screen.findByRole('switch', { name: 'Email me the newsletter' });
const toasts = () => toastStore.get().map((t) => t.title);

describe('the newsletter on the profile page', () => {
  it('joins the mailing list with the account’s address and name, then stops and resumes its emails', async () => {
    const list = mockList(null);
    render(newsletter('ana@example.org', 'Ana Álvarez'));
    expect((await toggle()).getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Remove me from the mailing list' })).toBeNull();

    fireEvent.click(await toggle());
    await waitFor(async () => expect((await toggle()).getAttribute('aria-checked')).toBe('true'));
    expect(list.writes).toEqual(['POST /api/brevo/create-user']);
    expect(list.bodies[0]).toEqual({ email: 'ana@example.org', name: 'Ana Álvarez' });
    expect(toasts()).toContain('You will get the newsletter at ana@example.org.');

    // Off: the list keeps the contact, unsubscribed; on again: no second contact.
    fireEvent.click(await toggle());
    await waitFor(async () => expect((await toggle()).getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(await toggle());
    await waitFor(async () => expect((await toggle()).getAttribute('aria-checked')).toBe('true'));
    expect(list.writes).toEqual(['POST /api/brevo/create-user', 'PATCH /api/brevo/update-blacklist', 'PATCH /api/brevo/update-blacklist']);
    expect(list.bodies.slice(1)).toEqual([{ emailBlacklisted: true }, { emailBlacklisted: false }]);
    expect(toasts()).toEqual(
      expect.arrayContaining(['You will get no more newsletters.', 'You will get the newsletter at ana@example.org again.']),
    );
  });

  it('brings the list’s contact up to date with a name changed on the profile', async () => {
    const list = mockList({ email: 'ana@example.org', name: 'Ana', emailBlacklisted: false });
    const view = render(newsletter('ana@example.org', 'Ana'));
    expect((await toggle()).getAttribute('aria-checked')).toBe('true');
    expect(list.writes).toEqual([]);
    view.rerender(newsletter('ana@example.org', 'Ana Álvarez '));
    await waitFor(() => expect(list.writes).toEqual(['PUT /api/brevo/update-user']));
    expect(list.bodies).toEqual([{ email: 'ana@example.org', name: 'Ana Álvarez' }]);
    expect(list.now()?.name).toBe('Ana Álvarez');
  });

  it('has the list forget the contact once the learner confirms', async () => {
    const list = mockList({ email: 'ana@example.org', name: 'Ana', emailBlacklisted: true });
    render(newsletter('ana@example.org', 'Ana'));
    expect((await toggle()).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Remove me from the mailing list' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove you from the mailing list?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove me' })));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove me from the mailing list' })).toBeNull());
    expect(list.writes).toEqual(['DELETE /api/brevo/delete-user']);
    expect(list.now()).toBeNull();
    expect(toasts()).toContain('The mailing list has forgotten you.');
  });

  it("says the server's refusal and keeps the setting as it was", async () => {
    mockList(null, () => problem(400, 'Maximum 80 letters are allowed'));
    render(newsletter('ana@example.org', 'A'.repeat(81)));
    fireEvent.click(await toggle());
    await waitFor(() =>
      expect(toastStore.get()).toContainEqual(
        expect.objectContaining({ title: 'Your newsletter setting was not changed.', description: 'Maximum 80 letters are allowed' }),
      ),
    );
    expect((await toggle()).getAttribute('aria-checked')).toBe('false');
  });
});
