// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approveArticle, setFlashcardStatus } from '@verba/contracts/http';
import { ApiError } from './api';
import { sendCommand, sendCommandUnparsed } from './commands';
import { comparePositions, positions } from './positions';

const CARD = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const bodies = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

afterEach(() => {
  positions.reset();
  vi.unstubAllGlobals();
});

describe('sendCommand', () => {
  it('gives each command its own id and records the position it answers', async () => {
    const fetchMock = vi.fn(async () => json({ changed: 1, position: '12.3' }));
    vi.stubGlobal('fetch', fetchMock);
    await sendCommand(setFlashcardStatus, { body: { id: CARD, status: 'known' } });
    await sendCommand(setFlashcardStatus, { body: { id: CARD, status: 'uncertain' } });
    const [first, second] = bodies(fetchMock);
    expect(first).toMatchObject({ id: CARD, status: 'known', commandId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(second?.commandId).toEqual(expect.any(String));
    expect(second?.commandId).not.toBe(first?.commandId);
    expect(positions.latest()).toBe('12.3');
  });

  it('resends after a transient failure with the same command id, when asked to', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json({ message: 'Bad gateway' }, 502))
      .mockResolvedValueOnce(json({ changed: 1, position: '7.0' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      sendCommand(setFlashcardStatus, { body: { id: CARD, status: 'known' } }, { retries: 2, retryDelayMs: 0 }),
    ).resolves.toEqual({
      changed: 1,
      position: '7.0',
    });
    const ids = bodies(fetchMock).map((b) => b.commandId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('does not resend a rejected command, nor one whose route takes no command id', async () => {
    const rejected = vi.fn(async () => json({ message: 'Flashcard not found' }, 404));
    vi.stubGlobal('fetch', rejected);
    await expect(
      sendCommand(setFlashcardStatus, { body: { id: CARD, status: 'known' } }, { retries: 2, retryDelayMs: 0 }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(rejected).toHaveBeenCalledTimes(1);

    const failing = vi.fn(async () => json({ message: 'Internal Server Error' }, 500));
    vi.stubGlobal('fetch', failing);
    await expect(sendCommand(approveArticle, { body: { articleId: CARD } }, { retries: 2, retryDelayMs: 0 })).rejects.toMatchObject({
      status: 500,
    });
    expect(failing).toHaveBeenCalledTimes(1);
    expect(bodies(failing)[0]).toEqual({ articleId: CARD });
  });

  it('records the position of a write without a command id too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ position: '40.2' })),
    );
    await sendCommand(approveArticle, { body: { articleId: CARD } });
    expect(positions.latest()).toBe('40.2');
  });

  it('sends a schema-free command with an id and records its position', async () => {
    const fetchMock = vi.fn(async () => json({ changed: 1, position: '5.5' }));
    vi.stubGlobal('fetch', fetchMock);
    await sendCommandUnparsed('POST', '/api/courses/progress/add-after-onboarding', { languageCode: 'de', level: 'A1' });
    expect(bodies(fetchMock)[0]).toEqual({ languageCode: 'de', level: 'A1', commandId: expect.any(String) });
    expect(positions.latest()).toBe('5.5');
  });
});

describe('the position store', () => {
  it('compares positions as numbers, commit first', () => {
    expect(comparePositions('10.0', '9.9')).toBe(1);
    expect(comparePositions('9.10', '9.9')).toBe(1);
    expect(comparePositions('18446744073709551615.1', '18446744073709551615.2')).toBe(-1);
    expect(comparePositions('3.4', '3.4')).toBe(0);
  });

  it('never lets an older position replace a newer one, and tells listeners only of a move', () => {
    const moves: Array<string | undefined> = [];
    const stop = positions.subscribe(() => moves.push(positions.latest()));
    positions.record('9.5');
    positions.record('10.0');
    positions.record('9.9');
    positions.record('10.0');
    positions.record('not a position');
    positions.record(undefined);
    stop();
    expect(positions.latest()).toBe('10.0');
    expect(moves).toEqual(['9.5', '10.0']);
  });

  it("keeps the tab's latest position in sessionStorage, so a reload still reads its own writes", async () => {
    positions.record('21.4');
    expect(window.sessionStorage.getItem('verba:latest-position')).toBe('21.4');
    vi.resetModules();
    const reloaded = await import('./positions');
    expect(reloaded.positions.latest()).toBe('21.4');
  });
});

describe('positions.settled', () => {
  it('answers the position of a write still in flight once it lands, so a page opened meanwhile reads it', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    positions.record('3.0');
    const write = sendCommand(setFlashcardStatus, { body: { id: CARD, status: 'known' } });
    let read: string | undefined | null = null;
    const reading = positions.settled().then((p) => (read = p));
    await new Promise((r) => setTimeout(r, 10));
    expect(read).toBeNull(); // still waiting for the write
    answer(json({ changed: 1, position: '9.1' }));
    await write;
    await reading;
    expect(read).toBe('9.1');
  });

  it('does not wait for a failed write, nor past its bound for one that never answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Flashcard not found' }, 404)),
    );
    positions.record('4.0');
    await expect(sendCommand(setFlashcardStatus, { body: { id: CARD, status: 'known' } })).rejects.toBeInstanceOf(ApiError);
    await expect(positions.settled()).resolves.toBe('4.0');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    void sendCommand(setFlashcardStatus, { body: { id: CARD, status: 'known' } });
    const t0 = Date.now();
    await expect(positions.settled(50)).resolves.toBe('4.0');
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
