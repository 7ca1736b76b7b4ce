/**
 * Test support for the admin analytics pages: the network answers from the contracts' route table
 * (every answer parsed with its route's response schema), charts get a box to draw in, and CSV
 * downloads are caught as text.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { adminAnalyticsRoutes } from '@verba/contracts/http';
import { KitProviders, queryClient } from '@verba/kit/query';
import { AnalyticsPages } from '../components/AnalyticsPages';

type Route = (typeof adminAnalyticsRoutes)[keyof typeof adminAnalyticsRoutes];
/** An answer for a request's query; a promise holds the reply back (a loading state). */
type Answer = (query: URLSearchParams) => unknown;

/** What the pages asked for, in order. */
export const asked: URL[] = [];

/** `fetch` answers the analytics routes given (by route), checked against each route's response schema; anything else fails. */
export function serve(answers: ReadonlyArray<readonly [Route, Answer]>): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      asked.push(url);
      const found = answers.find(([route]) => route.path === url.pathname);
      if (!found) throw new Error(`unexpected ${input}`);
      await held; // see expectLoadingThenTable
      const body = found[0].response.parse(await found[1](url.searchParams));
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

/** The query parameters of the last request to a route. */
export const lastQuery = (route: Route) => Object.fromEntries([...asked].reverse().find((u) => u.pathname === route.path)!.searchParams);

/** Clicks "Download CSV" and returns the file the page offered: its name and its lines. */
export async function downloadCsv(): Promise<{ name: string; lines: string[] }> {
  let blob: Blob | undefined;
  let name = '';
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:csv'), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download;
  });
  fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  if (!blob) throw new Error('nothing was offered for download');
  return { name, lines: (await blob.text()).split('\r\n') };
}

/** Clicks a column's header to sort by it; returns the header's aria-sort after the click. */
export function sortBy(column: RegExp): string | null {
  fireEvent.click(screen.getByRole('button', { name: column }));
  return screen.getByRole('columnheader', { name: column }).getAttribute('aria-sort');
}

/** Types a date that makes the range one the server refuses: the message shows in place and nothing is asked. */
export function expectRangeRefused(field: 'From' | 'To', value: string, message: string): void {
  const requests = asked.length;
  fireEvent.change(screen.getByLabelText(field), { target: { value } });
  expect(screen.getByRole('alert').textContent).toBe(message);
  expect(screen.getByLabelText(field).getAttribute('aria-invalid')).toBe('true');
  expect(asked).toHaveLength(requests);
}

beforeEach(() => {
  // recharts' ResponsiveContainer measures its box and draws nothing in a box of 0 x 0 (jsdom has no layout).
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // Each chart's box is 800 x 280; everything else (legends) measures nothing, leaving the chart the whole box.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const [width, height] = this.classList.contains('recharts-responsive-container') ? [800, 280] : [0, 0];
    return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) };
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  asked.length = 0;
  held = Promise.resolve();
});

export const openAnalytics = (page: string) =>
  render(
    <KitProviders>
      <AnalyticsPages pathname={`/app/admin/analytics/${page}`} />
    </KitProviders>,
  );

/** Opens an analytics page and waits until its table is shown. */
export async function openTable(page: string): Promise<void> {
  openAnalytics(page);
  await screen.findByRole('table');
}

/** What a page asks for first: the 30 days ending today (UTC). */
export function last30Days(): { from: string; to: string } {
  const to = new Date().toISOString().slice(0, 10);
  return { from: new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10), to };
}

/**
 * Opens a page with its first answer held back: it shows `loading` and no table; once the answer is let
 * through, the table named `table` and no loading state.
 */
export async function expectLoadingThenTable(page: string, loading: string, table: string | RegExp): Promise<void> {
  let open: () => void = () => undefined;
  held = new Promise<void>((resolve) => (open = resolve));
  openAnalytics(page);
  await screen.findByText(loading);
  expect(screen.queryByRole('table')).toBeNull();
  await act(async () => open());
  await screen.findByRole('table', { name: table });
  expect(screen.queryByText(loading)).toBeNull();
}
let held: Promise<void> = Promise.resolve();

/** The text of each body cell, row by row. */
export const tableRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

/** The chart whose caption is `title`. */
export const chart = (title: string) => screen.getByRole('figure', { name: title });

/** Each value scaled to the largest (0 to 1), to compare what is drawn with the data it came from. */
export const relative = (values: number[]) => values.map((v) => Math.round((v / Math.max(...values)) * 1000) / 1000);

/** Per bar series of a chart (in the order the chart declares them): its bars left to right, named by their data row's `name` (else the series'), and their heights. */
export async function bars(title: string): Promise<{ names: (string | null)[]; heights: number[] }[]> {
  // recharts draws its series a render after the chart's frame: wait for them.
  const series = await waitFor(() => {
    const drawn = [...chart(title).querySelectorAll('.recharts-bar')];
    if (!drawn.length) throw new Error(`no bars drawn in "${title}"`);
    return drawn;
  });
  return series.map((s) => {
    const drawn = [...s.querySelectorAll('path.recharts-rectangle')];
    return { names: drawn.map((bar) => bar.getAttribute('name')), heights: drawn.map((bar) => Number(bar.getAttribute('height'))) };
  });
}

/**
 * Per line of a chart (in the order the chart declares them): how high each point is drawn above the
 * chart's bottom, as a share of the highest point (a path's points are its M and each curve's last pair).
 */
export async function lineHeights(title: string): Promise<number[][]> {
  const lines = await waitFor(() => {
    const drawn = [...chart(title).querySelectorAll('path.recharts-line-curve')];
    if (!drawn.length) throw new Error(`no lines drawn in "${title}"`);
    return drawn;
  });
  const bottom = Math.max(
    ...[...chart(title).querySelectorAll('.recharts-cartesian-grid-horizontal line')].map((l) => Number(l.getAttribute('y1'))),
  );
  return lines.map((line) => {
    const segments = (line.getAttribute('d') ?? '').split(/[MLC]/).filter((s) => s.trim());
    const ys = segments.map((s) => Number(s.trim().split(/[ ,]+/).at(-1)));
    return relative(ys.map((y) => bottom - y));
  });
}
