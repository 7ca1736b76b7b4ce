// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFlashcardStatus } from '@verba/contracts/http';
import { positions } from '@verba/kit';
import { KitProviders, queryClient, useCommand } from './index';
import { useMinPosition } from './position';

const CARD = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const bodies = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  vi.unstubAllGlobals();
});

describe('useCommand', () => {
  it("keeps one command id across TanStack's retries, and makes a new one per mutate", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ message: 'Service unavailable' }, 503))
      .mockResolvedValueOnce(json({ changed: 1, position: '3.0' }))
      .mockResolvedValueOnce(json({ changed: 1, position: '4.0' }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useCommand(setFlashcardStatus, { retry: 1, retryDelay: 0 }), { wrapper: KitProviders });

    await act(() => result.current.mutateAsync({ body: { id: CARD, status: 'known' } }));
    await act(() => result.current.mutateAsync({ body: { id: CARD, status: 'uncertain' } }));
    const [failed, retried, next] = bodies(fetchMock).map((b) => b.commandId);
    expect(failed).toEqual(expect.any(String));
    expect(retried).toBe(failed);
    expect(next).not.toBe(failed);
  });

  it('records the position before onSuccess, and a reader re-renders with it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ changed: 1, position: '8.2' })),
    );
    const seenInOnSuccess: Array<string | undefined> = [];
    function Card() {
      const minPosition = useMinPosition();
      const status = useCommand(setFlashcardStatus, { onSuccess: () => void seenInOnSuccess.push(positions.latest()) });
      return (
        <button type="button" onClick={() => status.mutate({ body: { id: CARD, status: 'known' } })}>
          {minPosition ?? 'none'}
        </button>
      );
    }
    render(
      <KitProviders>
        <Card />
      </KitProviders>,
    );
    screen.getByRole('button', { name: 'none' }).click();
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('8.2'));
    expect(seenInOnSuccess).toEqual(['8.2']);
  });
});
