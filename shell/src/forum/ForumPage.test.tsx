// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORUM_MESSAGES } from '@verba/contracts';
import { ThreadList } from './ThreadList';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a language category of the forum', () => {
  it('says what is missing in place and sends nothing', async () => {
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () => json({ threads: [], page: 1, total: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<ThreadList language="fr" />);
    await screen.findByText('No threads yet. Start the first one.');
    fireEvent.click(screen.getByRole('button', { name: 'Start the thread' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal (too fast) under the form", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json({ type: 'about:blank', title: 'Too Many Requests', status: 429, detail: FORUM_MESSAGES.tooMany, message: FORUM_MESSAGES.tooMany }, 429)
          : json({ threads: [], page: 1, total: 0 }),
      ),
    );
    render(<ThreadList language="fr" />);
    await screen.findByText('No threads yet. Start the first one.');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Le subjonctif' } });
    fireEvent.change(screen.getByLabelText('Your message (Markdown)'), { target: { value: 'Quand ?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the thread' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FORUM_MESSAGES.tooMany);
  });
});
