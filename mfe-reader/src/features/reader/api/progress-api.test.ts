// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positions } from '@verba/kit';
import { savePosition } from './progress-api';

const ARTICLE = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';

afterEach(() => {
  vi.unstubAllGlobals();
  positions.reset();
});

describe('bookmark writes', () => {
  it('go out one after another, so quick page turns land in order and the last position is kept', async () => {
    const bookmarkBodies: number[] = [];
    let release: () => void = () => undefined;
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!url.endsWith('/api/articles/bookmark')) return new Response('{}', { status: 200 });
        const page = JSON.parse(String(init?.body)).pageNumber as number;
        bookmarkBodies.push(page);
        const position = `1.${++n}`;
        if (page === 1) await new Promise<void>((r) => (release = r)); // the first write is slow
        return new Response(JSON.stringify({ position }), { status: 200 });
      }),
    );
    savePosition(ARTICLE, 'de', 1, 2);
    savePosition(ARTICLE, 'de', 2, 2);
    await new Promise((r) => setTimeout(r, 20));
    expect(bookmarkBodies).toEqual([1]); // the second waits for the first
    release();
    await vi.waitFor(() => expect(bookmarkBodies).toEqual([1, 2]));
    await vi.waitFor(() => expect(positions.latest()).toBe('1.2'));
    expect(bookmarkBodies).toEqual([1, 2]); // once each: no resend of a write that succeeded
  });
});
