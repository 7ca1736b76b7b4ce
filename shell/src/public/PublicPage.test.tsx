// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_MESSAGES } from '@verba/contracts';
import { session } from '@verba/kit';
import { PublicPage } from './PublicPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.reset();
});

describe('PublicPage in the browser', () => {
  it('keeps <head> in step with the page on in-app navigation', () => {
    const view = render(<PublicPage page="faq" path="/faq" />);
    expect(document.title).toBe('Frequently asked questions | Verba');
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe('https://verba.app/faq');
    view.rerender(<PublicPage page="learn-ru" path="/learn-russian" />);
    expect(document.title).toBe('Learn Russian by reading | Verba');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Learn Russian/);
    expect(document.head.querySelectorAll('meta[property="og:url"]')).toHaveLength(1);
  });
});

describe('contact form', () => {
  const fill = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

  it('says what is missing, in place, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<PublicPage page="contact-us" path="/app/support/contact-us" />);
    fill(/^Email/, 'ana@');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText('The email address is not valid.')).toBeTruthy();
    expect(screen.getByText(SUPPORT_MESSAGES.messageRequired)).toBeTruthy();
    expect(screen.getByLabelText(/^Message/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends to the support team and the confirmation to the sender, then thanks them', async () => {
    const calls: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push([`${init.method} ${url}`, JSON.parse(String(init.body))]);
        return json({ ok: true });
      }),
    );
    session.setUser({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User' });
    render(<PublicPage page="contact-us" path="/app/support/contact-us" />);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ana@example.com');
    fill(/^Message/, 'The audio does not play on my phone.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.sent)).toBeTruthy();
    const body = { name: 'Ana', email: 'ana@example.com', message: 'The audio does not play on my phone.' };
    expect(calls).toEqual([
      ['POST /api/brevo/send-support-admin', body],
      ['POST /api/brevo/send-support-user', body],
    ]);
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's message when it refuses (too many messages)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ status: 429, message: SUPPORT_MESSAGES.tooMany, detail: SUPPORT_MESSAGES.tooMany }, 429)),
    );
    render(<PublicPage page="contact-us" path="/app/support/contact-us" />);
    fill(/^Name/, 'Ana');
    fill(/^Email/, 'ana@example.com');
    fill(/^Message/, 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SUPPORT_MESSAGES.tooMany));
  });
});
