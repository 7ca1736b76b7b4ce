// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LEARNING_LANGUAGES } from '@verba/contracts/domain';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { CoursesPage } from './CoursesPage';
import { resetAfterEach } from '../../../test/reset';

/**
 * A server that says it has 30 rows (more than a page), paged and searched by the query. Each page shows the four
 * learning languages without a course: a language appears once in a list, as it does on a real server.
 */
function mockList() {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== '/api/admin/courses') throw new Error(`unexpected ${input}`);
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const total = url.searchParams.get('search') ? 1 : 30;
    const languages = LEARNING_LANGUAGES.slice(0, Math.min(pageSize, total - (page - 1) * pageSize)).map((languageCode) => ({
      languageCode,
      course: null,
    }));
    return Response.json({ languages, total, page, pageSize });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const asked = (fetchMock: ReturnType<typeof mockList>) => fetchMock.mock.calls.map(([input]) => new URL(input, 'http://localhost').search);

beforeEach(() => {
  session.setUser({ uid: 'a1', name: 'Ada', email: 'ada@example.org', role: 'Admin', currentLearningLanguage: 'de', subscription: 'free' });
  window.history.replaceState(null, '', '/app/admin/courses');
});
resetAfterEach();

const renderPage = () =>
  render(
    <KitProviders>
      <CoursesPage />
    </KitProviders>,
  );

/** Issue 16: the admin course list pages and searches on the server. */
describe('the courses page', () => {
  it('asks the server for one page at a time and searches there', async () => {
    const fetchMock = mockList();
    renderPage();
    await screen.findByText('Page 1 of 3');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('Page 2 of 3');
    expect(asked(fetchMock)).toContain('?page=2&pageSize=12');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Search by language or title'), { target: { value: 'fr' } });
    await waitFor(() => expect(asked(fetchMock)).toContain('?search=fr&page=1&pageSize=12'));
    await waitFor(() => expect(screen.queryByText(/^Page /)).toBeNull());
  });

  it('asks the server for another order, from the first page', async () => {
    const fetchMock = mockList();
    renderPage();
    await screen.findByText('Page 1 of 3');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('Page 2 of 3');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'hidden' } });
    await waitFor(() => expect(asked(fetchMock)).toContain('?sort=hidden&page=1&pageSize=12'));
    await screen.findByText('Page 1 of 3');
  });
});
