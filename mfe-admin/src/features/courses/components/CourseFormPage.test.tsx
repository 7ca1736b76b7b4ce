// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@verba/contracts';
import { AdminCourseSchema, type AdminCourse } from '@verba/contracts/http';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { EditCoursePage } from './CourseFormPage';
import { resetAfterEach } from '../../../test/reset';

const COURSE_ID = '1f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const COURSE: AdminCourse = AdminCourseSchema.parse({
  id: COURSE_ID,
  languageCode: 'de',
  title: 'Deutsch mit Verba',
  isVisibleOnThePlatform: true,
  totalChapters: 0,
  hiddenChapters: 0,
  revision: '3',
  lessons: [],
  startingPoints: [],
});

/** The two calls of the course editor: the course, and the rename. */
function mockApi() {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const { pathname } = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && pathname === `/api/admin/courses/${COURSE_ID}`) return Response.json(COURSE);
    // The save takes a moment, as on a server: the page renders while it runs.
    if (method === 'PATCH' && pathname === `/api/admin/courses/${COURSE_ID}`)
      return new Promise<Response>((done) => setTimeout(() => done(Response.json({ changed: 1 })), 50));
    throw new Error(`unexpected ${method} ${input}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  session.setUser({ uid: 'a1', name: 'Ada', email: 'ada@example.org', role: 'Admin', currentLearningLanguage: 'de', subscription: 'free' });
  window.history.replaceState(null, '', `/app/admin/edit-course?courseId=${COURSE_ID}`);
});
resetAfterEach();

const title = () => screen.getByLabelText(/^Title/) as HTMLInputElement;

/** Issue 16: leaving an admin editor with unsaved changes asks first (the same guard on every editor). */
describe('the course editor with unsaved changes', () => {
  it('asks before following a link or unloading: Stay keeps the edit, Leave goes', async () => {
    const fetchMock = mockApi();
    render(
      <KitProviders>
        <EditCoursePage />
      </KitProviders>,
    );
    await waitFor(() => expect(title().value).toBe('Deutsch mit Verba'));
    fireEvent.change(title(), { target: { value: 'Deutsch für alle' } });

    fireEvent.click(screen.getByRole('link', { name: '← Back to the course' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(MESSAGES.form.unsavedChanges)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(window.location.pathname).toBe('/app/admin/edit-course');
    expect(title().value).toBe('Deutsch für alle');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: '← Back to the course' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/admin/courses'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
  });

  it('saves without asking, and does not ask when nothing changed', async () => {
    const fetchMock = mockApi();
    render(
      <KitProviders>
        <EditCoursePage />
      </KitProviders>,
    );
    await waitFor(() => expect(title().value).toBe('Deutsch mit Verba'));
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);

    fireEvent.change(title(), { target: { value: 'Deutsch für alle' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save course' })));
    await waitFor(() => expect(window.location.pathname).toBe('/app/admin/courses'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({ title: 'Deutsch für alle', expectedRevision: '3' });
  });
});
