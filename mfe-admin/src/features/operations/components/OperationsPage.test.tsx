// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATIONS_MESSAGES, OperationsOverviewSchema, type OperationsOverview, type OperationsRebuild } from '@verba/contracts/http';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { OperationsPage } from './OperationsPage';
import { resetAfterEach } from '../../../test/reset';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (status: number, detail: string) =>
  json({ type: 'about:blank', title: 'Conflict', status, detail, message: detail }, status);
const REBUILD = '0b7e5a52-8d8a-4c3e-9f61-2f0f6b1d9a10';
const AT = '2026-12-07T13:00:00.000Z';

const base = (): OperationsOverview => ({
  at: AT,
  store: 'postgres',
  log: { head: '912.200', events: 200, eventsEstimated: false, bytes: 3 * 1024 * 1024, databaseBytes: 40 * 1024 * 1024 },
  projections: [
    {
      name: 'library_articles',
      generation: 1,
      version: 3,
      position: '912.200',
      lagEvents: 0,
      lagCapped: false,
      lagSeconds: 0,
      updatedAt: '2026-12-07T12:59:58.000Z',
      state: 'caught-up',
      lastError: null,
    },
    {
      name: 'vocabulary',
      generation: 2,
      version: 1,
      position: '900.150',
      lagEvents: 10_000,
      lagCapped: true,
      lagSeconds: 125,
      updatedAt: '2026-12-07T12:55:00.000Z',
      state: 'failing',
      lastError: { at: '2026-12-07T12:59:00.000Z', message: 'duplicate key value violates unique constraint' },
    },
  ],
  followers: [
    {
      name: 'integration',
      kind: 'relay',
      position: '912.198',
      lagEvents: 2,
      lagCapped: false,
      lagSeconds: 1,
      updatedAt: '2026-12-07T12:59:59.000Z',
    },
  ],
  workerPool: { jobsInHand: 1 },
  fragments: [
    {
      env: 'production',
      served: true,
      fragments: [{ name: 'reader', version: 'a1b2c3d4e5f60718', since: '2026-12-01T10:00:00.000Z', earlier: ['0f1e2d3c4b5a6978'] }],
    },
  ],
  backups: { automatic: true, every: '24h', keep: 7, count: 0, last: null, failure: null },
  rebuilds: [],
});

/** The operations API as the server keeps it: a rebuild started runs until `finish`, a second one is refused. */
function mockApi() {
  const state = { overview: base(), reads: 0 };
  const writes: unknown[] = [];
  const rebuild = (patch: Partial<OperationsRebuild>): OperationsRebuild => ({
    id: REBUILD,
    projection: 'library_articles',
    state: 'running',
    startedAt: AT,
    finishedAt: null,
    applied: 0,
    total: 200,
    error: null,
    by: { id: 'admin', name: 'Ada Admin' },
    ...patch,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://verba.test');
      const route = `${init?.method ?? 'GET'} ${url.pathname}`;
      if (route === 'GET /api/admin/operations') {
        state.reads++;
        return json(OperationsOverviewSchema.parse(state.overview));
      }
      if (route === 'POST /api/admin/operations/rebuilds') {
        writes.push(JSON.parse(String(init?.body)));
        if (state.overview.rebuilds.some((r) => r.state === 'running')) return problem(409, OPERATIONS_MESSAGES.alreadyRebuilding);
        state.overview.rebuilds = [rebuild({ applied: 50 })];
        state.overview.projections[0]!.state = 'rebuilding';
        return json({ id: REBUILD }, 202);
      }
      throw new Error(`unexpected ${route}`);
    }),
  );
  return {
    state,
    writes,
    finish() {
      state.overview.rebuilds = [rebuild({ state: 'done', applied: 204, finishedAt: AT })];
      state.overview.projections[0]!.state = 'caught-up';
    },
  };
}

resetAfterEach();
afterEach(() => vi.useRealTimers());

const renderPage = () =>
  render(
    <KitProviders>
      <OperationsPage />
    </KitProviders>,
  );
const row = (table: HTMLElement, name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;

describe('OperationsPage', () => {
  it('shows the projections, the relay, the log, the worker pool, the fragments and no backups', async () => {
    mockApi();
    renderPage();
    const projections = await screen.findByRole('table', { name: 'Projections' });
    const articles = row(projections, 'library_articles');
    expect(articles.textContent).toContain('Caught up');
    expect(articles.textContent).toContain('2 s ago');
    const vocabulary = row(projections, 'vocabulary');
    expect(within(vocabulary).getByText('more than 10,000')).toBeTruthy();
    expect(within(vocabulary).getByText('2 min')).toBeTruthy();
    expect(within(vocabulary).getByText('Failing')).toBeTruthy();
    expect(vocabulary.textContent).toContain('duplicate key value violates unique constraint (1 min ago)');
    expect(screen.getByText('a projection is failing', { exact: false })).toBeTruthy();

    const relay = row(screen.getByRole('region', { name: 'Relay and reactors' }), 'integration');
    expect(relay.textContent).toContain('Relay');
    expect(screen.getByText('verba_relay_parked_messages')).toBeTruthy();
    const log = screen.getByRole('region', { name: 'Event log' });
    expect(log.textContent).toContain('912.200');
    expect(log.textContent).toContain('3.0 MiB');
    expect(log.textContent).toContain('40.0 MiB');
    expect(log.textContent).toContain('Jobs in hand1');
    const production = screen.getByRole('table', { name: 'production (served by this API)' });
    expect(row(production, 'reader').textContent).toContain('0f1e2d3c4b5a6978');
    expect(screen.getByText('No backups yet')).toBeTruthy();
    expect(screen.getByText('The first is made a minute after start, then every 24 h; the newest 7 are kept.')).toBeTruthy();
  });

  it('shows the last backup, how many are kept, and a failure since', async () => {
    const overview = base();
    overview.backups = {
      automatic: true,
      every: '24h',
      keep: 7,
      count: 3,
      last: { name: 'verba-20261207T030000000Z.backup.gz', at: '2026-12-07T03:00:00.000Z', bytes: 5 * 1024 * 1024 },
      failure: { at: '2026-12-07T12:00:00.000Z', message: 'ENOSPC: no space left on device' },
    };
    mockApi().state.overview = overview;
    renderPage();
    const section = await screen.findByRole('region', { name: 'Backups' });
    expect(section.textContent).toContain('5.0 MiB');
    expect(section.textContent).toContain('verba-20261207T030000000Z.backup.gz');
    expect(section.textContent).toContain('3 of at most 7, one made every 24 h');
    expect(within(section).getByRole('alert').textContent).toContain('ENOSPC: no space left on device');
  });

  it('starts a rebuild once confirmed, shows its progress, and says why a second one is refused', async () => {
    const api = mockApi();
    renderPage();
    const projections = await screen.findByRole('table', { name: 'Projections' });
    fireEvent.click(within(row(projections, 'library_articles')).getByRole('button', { name: 'Rebuild' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rebuild library_articles?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.writes).toEqual([]);

    fireEvent.click(within(row(projections, 'library_articles')).getByRole('button', { name: 'Rebuild' }));
    await act(async () =>
      fireEvent.click(
        within(await screen.findByRole('alertdialog', { name: 'Rebuild library_articles?' })).getByRole('button', { name: 'Rebuild' }),
      ),
    );
    expect(api.writes).toEqual([{ projection: 'library_articles' }]);
    const progress = await screen.findByRole('progressbar', { name: 'Rebuild of library_articles' });
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('50 of 200 events · 25 %')).toBeTruthy();
    expect(row(projections, 'library_articles').textContent).toContain('Rebuilding');
    expect(row(screen.getByRole('region', { name: 'Rebuilds' }), 'library_articles').textContent).toContain('Ada Admin');

    // Another admin's page still showed the button: the server refuses, and the page says why.
    fireEvent.click(within(row(projections, 'vocabulary')).getByRole('button', { name: 'Rebuild' }));
    await act(async () =>
      fireEvent.click(
        within(await screen.findByRole('alertdialog', { name: 'Rebuild vocabulary?' })).getByRole('button', { name: 'Rebuild' }),
      ),
    );
    await waitFor(() =>
      expect(toastStore.get()).toContainEqual(
        expect.objectContaining({ title: 'vocabulary was not rebuilt.', description: OPERATIONS_MESSAGES.alreadyRebuilding }),
      ),
    );
  });

  it('reads again every 5 seconds while visible (the progress reaches done), and nothing while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi();
    renderPage();
    const projections = await screen.findByRole('table', { name: 'Projections' });
    fireEvent.click(within(row(projections, 'library_articles')).getByRole('button', { name: 'Rebuild' }));
    await act(async () =>
      fireEvent.click(
        within(await screen.findByRole('alertdialog', { name: 'Rebuild library_articles?' })).getByRole('button', { name: 'Rebuild' }),
      ),
    );
    await screen.findByRole('progressbar', { name: 'Rebuild of library_articles' });

    api.finish();
    const before = api.state.reads;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(api.state.reads).toBe(before + 1);
    expect(row(screen.getByRole('region', { name: 'Rebuilds' }), 'library_articles').textContent).toContain('Done');
    expect(within(row(projections, 'library_articles')).getByRole('button', { name: 'Rebuild' })).toBeTruthy();

    // A hidden tab asks nothing.
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    const hiddenAt = api.state.reads;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(api.state.reads).toBe(hiddenAt);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
});
