// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordTime } from '@verba/contracts/http';
import { useTimeSpent } from './time-spent';

const sent = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: (init as RequestInit).method,
    body: JSON.parse(String((init as RequestInit).body)) as unknown,
  }));

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('useTimeSpent: PATCH /api/user/time while a learning page is visible', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('sends a heartbeat of the visible seconds every minute, in the page language', async () => {
    renderHook(() => useTimeSpent(recordTime, { languageCode: 'de' }));
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent(fetchMock)).toEqual([
      { url: expect.stringMatching(/\/api\/user\/time$/), method: 'PATCH', body: { seconds: 60, languageCode: 'de' } },
      { url: expect.stringMatching(/\/api\/user\/time$/), method: 'PATCH', body: { seconds: 60, languageCode: 'de' } },
    ]);
  });

  it('does not count hidden time, and sends what is left when hidden and when the page is left', async () => {
    const { unmount } = renderHook(() => useTimeSpent(recordTime));
    await vi.advanceTimersByTimeAsync(20_000);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(300_000);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(15_000);
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent(fetchMock).map((s) => s.body)).toEqual([{ seconds: 20 }, { seconds: 15 }]);
  });

  it('sends nothing while disabled (the page does not know its language yet)', async () => {
    renderHook(() => useTimeSpent(recordTime, { enabled: false }));
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
