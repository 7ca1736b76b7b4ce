// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@verba/kit/query';
import { DevMailboxPage } from './DevMailboxPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const MAIL = {
  id: 'm1',
  to: 'ana@example.com',
  subject: 'Verify your email',
  text: 'Open https://verba.test/app/verify-email/result?token=abc to verify.',
  sentAt: '2026-12-06T10:00:00.000Z',
};

/** The dev mailbox route; `answers` are given in turn, the last one repeated. */
function mockMailbox(...answers: Response[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return (answers.length > 1 ? answers.shift() : answers[0])!.clone();
    }),
  );
  return urls;
}

const open = (search: string) => window.history.replaceState(null, '', `/app/dev/mailbox${search}`);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('DevMailboxPage', () => {
  it('asks whose mail to show when no address is given, and reads nothing', () => {
    const urls = mockMailbox(json({ messages: [] }));
    open('');
    render(<DevMailboxPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dev mailbox');
    expect(screen.getByRole('button', { name: 'Show mail' })).toBeTruthy();
    expect(urls).toEqual([]);
  });

  it("shows the address's mail with its links clickable, after a loading note", async () => {
    const urls = mockMailbox(json({ messages: [MAIL] }));
    open('?to=ana%40example.com');
    render(<DevMailboxPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dev mailbox for ana@example.com');
    expect(screen.getByText('Loading mail…')).toBeTruthy();
    const mail = await screen.findByRole('article', { name: 'Verify your email' });
    expect(mail.querySelector('a')?.getAttribute('href')).toBe('https://verba.test/app/verify-email/result?token=abc');
    expect(screen.queryByText('Loading mail…')).toBeNull();
    expect(urls).toEqual(['/api/dev/mailbox?to=ana%40example.com']);
  });

  it('says when there is no mail yet', async () => {
    mockMailbox(json({ messages: [] }));
    open('?to=ana%40example.com');
    render(<DevMailboxPage />);
    expect(await screen.findByText('No mail yet.')).toBeTruthy();
  });

  it('says a mailbox that could not be read, and reads it on retry', async () => {
    mockMailbox(json({ message: 'The dev mailbox is off.' }, 404), json({ messages: [MAIL] }));
    open('?to=ana%40example.com');
    render(<DevMailboxPage />);
    expect(await screen.findByText('The mailbox could not be read.')).toBeTruthy();
    expect(screen.getByText('The dev mailbox is off.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('article', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.queryByText('The mailbox could not be read.')).toBeNull();
  });
});
