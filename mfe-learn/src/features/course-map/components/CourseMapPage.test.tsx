// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COURSE_MESSAGES } from '@verba/contracts';
import { KitProviders } from '@verba/kit/query';
import {
  COMMAND_ID,
  COURSE,
  CH,
  LESSONS,
  LESSON_1,
  LESSON_2,
  courseRoutes,
  sent,
  mockApi,
  progress,
  routes,
  asGermanLearner,
  startOver,
} from '../../../test/fixtures';
import { CourseMapPage } from './CourseMapPage';

const renderMap = () =>
  render(
    <KitProviders>
      <CourseMapPage />
    </KitProviders>,
  );
const lesson = (name: RegExp) => screen.getByRole('region', { name });
const bar = (name: string) => screen.getByRole('progressbar', { name });

asGermanLearner();

describe('CourseMapPage', () => {
  it('shows the lessons of the learner’s language with progress per lesson and overall, and completed marks', async () => {
    const fetchMock = mockApi(courseRoutes(() => progress([CH.hallo], { chapterId: CH.familie, lessonId: LESSON_1 })));
    renderMap();
    await screen.findByRole('heading', { name: 'Deutsch mit Verba' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/courses?languageCode=de');

    // 4 visible chapters (the hidden one does not count), 1 completed.
    expect(screen.getByText('1 of 4 chapters completed')).toBeTruthy();
    expect(bar('Course progress').getAttribute('aria-valuenow')).toBe('25');
    expect(within(lesson(/Erste Schritte/)).getByText('1 of 2 chapters completed')).toBeTruthy();
    expect(bar('Erste Schritte progress').getAttribute('aria-valuenow')).toBe('50');
    expect(bar('Der Alltag progress').getAttribute('aria-valuenow')).toBe('0');

    const hallo = screen.getByRole('link', { name: 'Hallo, ich bin Lena' }).closest('li') as HTMLElement;
    expect(within(hallo).getByText('Completed')).toBeTruthy();
    const familie = screen.getByRole('link', { name: 'Meine Familie' }).closest('li') as HTMLElement;
    expect(within(familie).queryByText('Completed')).toBeNull();
    expect(within(familie).getByText('Next')).toBeTruthy();
  });

  it('never shows hidden chapters', async () => {
    mockApi(courseRoutes(() => progress([], { chapterId: CH.hallo, lessonId: LESSON_1 })));
    renderMap();
    await screen.findByRole('heading', { name: 'Deutsch mit Verba' });
    expect(screen.queryByText('Geheimes Kapitel')).toBeNull();
    expect(within(lesson(/Erste Schritte/)).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows a Free user a lock and the upgrade link instead of a premium chapter', async () => {
    mockApi(courseRoutes(() => progress([], { chapterId: CH.hallo, lessonId: LESSON_1 })));
    renderMap();
    await screen.findByRole('heading', { name: 'Deutsch mit Verba' });
    const markt = screen.getByText('Auf dem Markt').closest('li') as HTMLElement;
    expect(within(markt).queryByRole('link', { name: 'Auf dem Markt' })).toBeNull();
    expect(markt.querySelector('.ln-chapter__mark .ln-lock')).not.toBeNull();
    expect(within(markt).getByText('Master')).toBeTruthy();
    expect(within(markt).getByRole('link', { name: 'Upgrade to read' }).getAttribute('href')).toBe('/app/user-profile/subscribe');
    // A Master subscriber (premium, not locked) opens it like any chapter, marked Master.
    startOver();
    const forMaster = LESSONS.map((l) => ({ ...l, chaptersOrder: l.chaptersOrder.map((c) => ({ ...c, locked: false })) }));
    mockApi(courseRoutes(() => progress([], { chapterId: CH.hallo, lessonId: LESSON_1 }), forMaster));
    renderMap();
    const open = (await screen.findByRole('link', { name: 'Auf dem Markt' })).closest('li') as HTMLElement;
    expect(within(open).getByText('Master')).toBeTruthy();
    expect(within(open).queryByRole('link', { name: 'Upgrade to read' })).toBeNull();
    expect(open.querySelector('.ln-lock')).toBeNull();
    // An open chapter links to its chapter view.
    expect(screen.getByRole('link', { name: 'Ein normaler Morgen' }).getAttribute('href')).toBe(`/app/courses/chapter/${CH.morgen}`);
  });

  it('offers "Start learning" before the first chapter and "Continue" after', async () => {
    let current = progress([], { chapterId: CH.hallo, lessonId: LESSON_1 });
    mockApi(courseRoutes(() => current));
    renderMap();
    const start = await screen.findByRole('link', { name: 'Start learning' });
    expect(start.getAttribute('href')).toBe(`/app/courses/chapter/${CH.hallo}`);
    expect(screen.getByText('Hallo, ich bin Lena', { selector: 'strong' })).toBeTruthy();

    startOver();
    current = progress([CH.hallo, CH.familie], { chapterId: CH.morgen, lessonId: LESSON_2 });
    renderMap();
    const next = await screen.findByRole('link', { name: 'Continue' });
    expect(next.getAttribute('href')).toBe(`/app/courses/chapter/${CH.morgen}`);
    expect(screen.getByText('Ein normaler Morgen', { selector: 'strong' })).toBeTruthy();
  });

  it('sends a Free user whose next chapter is premium to the upgrade page, and says when the course is finished', async () => {
    let current = progress([CH.hallo, CH.familie, CH.morgen], { chapterId: CH.markt, lessonId: LESSON_2, locked: true });
    mockApi(courseRoutes(() => current));
    renderMap();
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Master' });
    expect(upgrade.getAttribute('href')).toBe('/app/user-profile/subscribe');
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();

    startOver();
    current = progress([CH.hallo, CH.familie, CH.morgen, CH.markt], null);
    renderMap();
    expect((await screen.findByText(/Course finished/)).getAttribute('role')).toBe('status');
    expect(screen.getByText('4 of 4 chapters completed')).toBeTruthy();
  });

  it('places a learner without a starting point where their onboarding level puts them, once', async () => {
    let current = progress([], { chapterId: CH.hallo, lessonId: LESSON_1 }, null);
    const fetchMock = mockApi([
      ...courseRoutes(() => current),
      {
        route: routes.addAfterOnboarding,
        reply: () => {
          current = progress([], { chapterId: CH.morgen, lessonId: LESSON_2 }, COURSE.startingPoints[1]!);
          return { changed: 1, position: '9.0', startingPoint: COURSE.startingPoints[1] };
        },
      },
    ]);
    renderMap();
    await screen.findByText('Starting point: Ich kenne schon die Grundlagen');
    expect(screen.getByRole('link', { name: 'Start learning' }).getAttribute('href')).toBe(`/app/courses/chapter/${CH.morgen}`);
    const posts = sent(fetchMock, 'POST', '/api/courses/progress/add-after-onboarding');
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ languageCode: 'de', level: 'A2', commandId: COMMAND_ID }]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/courses/progress?languageCode=de&minPosition=9.0');
  });

  it('lets the learner change the starting point', async () => {
    let current = progress([], { chapterId: CH.morgen, lessonId: LESSON_2 }, COURSE.startingPoints[1]!);
    const fetchMock = mockApi([
      ...courseRoutes(() => current),
      {
        route: routes.addAfterOnboarding,
        reply: () => {
          current = progress([], { chapterId: CH.hallo, lessonId: LESSON_1 });
          return { changed: 1, position: '10.0', startingPoint: COURSE.startingPoints[0] };
        },
      },
    ]);
    renderMap();
    fireEvent.click(await screen.findByRole('button', { name: 'A1 · Ich fange ganz neu an' }));
    await screen.findByText('Starting point: Ich fange ganz neu an');
    expect(screen.getByRole('button', { name: 'A1 · Ich fange ganz neu an' }).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(String(sent(fetchMock, 'POST', '/api/courses/progress/add-after-onboarding')[0]?.[1]?.body))).toEqual({
      languageCode: 'de',
      startingPointId: COURSE.startingPoints[0]!.id,
      commandId: COMMAND_ID,
    });
  });

  it('has useful empty and error states', async () => {
    mockApi(courseRoutes(() => progress([], null), []));
    renderMap();
    await screen.findByRole('heading', { name: 'No chapters yet' });
    expect(screen.queryByText(/Course finished/)).toBeNull();

    startOver();
    mockApi([
      { route: routes.getCourse, reply: { status: 404, message: COURSE_MESSAGES.courseUnavailable } },
      ...courseRoutes(() => progress([], null)).slice(1),
    ]);
    renderMap();
    await screen.findByRole('heading', { name: 'No German course yet' });
    expect(screen.getByText(/This course is not available yet\./)).toBeTruthy();

    startOver();
    mockApi([{ route: routes.getCourse, reply: { status: 500, message: 'Internal Server Error' } }]);
    renderMap();
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('The course could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
