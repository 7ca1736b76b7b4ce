// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CH, LESSON_1, LESSON_2, courseRoutes, mockApi, progress, routes, asGermanLearner, startOver } from '../test/fixtures';
import NextChapterWidget from './NextChapterWidget';

// The widget is rendered bare, as the shell's dashboard does: it must bring its own providers.
const renderWidget = () => render(<NextChapterWidget />);

asGermanLearner();

describe('NextChapterWidget', () => {
  it('shows the next chapter, its lesson and a Continue link to the chapter view', async () => {
    const fetchMock = mockApi(courseRoutes(() => progress([CH.hallo, CH.familie], { chapterId: CH.morgen, lessonId: LESSON_2 })));
    renderWidget();
    expect(screen.getByRole('heading', { name: 'Next chapter' })).toBeTruthy();
    await screen.findByText('Ein normaler Morgen');
    expect(screen.getByText('Der Alltag')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(`/app/courses/chapter/${CH.morgen}`);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/courses/progress?languageCode=de');
  });

  it('offers "Start learning" before the first chapter', async () => {
    mockApi(courseRoutes(() => progress([], { chapterId: CH.hallo, lessonId: LESSON_1 })));
    renderWidget();
    const start = await screen.findByRole('link', { name: 'Start learning' });
    expect(start.getAttribute('href')).toBe(`/app/courses/chapter/${CH.hallo}`);
    expect(screen.getByText('Hallo, ich bin Lena')).toBeTruthy();
  });

  it('says "Course finished" when every chapter is done, and sends a Free user to upgrade for a premium next chapter', async () => {
    let current = progress([CH.hallo, CH.familie, CH.morgen, CH.markt], null);
    mockApi(courseRoutes(() => current));
    renderWidget();
    await screen.findByText(/Course finished/);
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();

    startOver();
    current = progress([CH.hallo, CH.familie, CH.morgen], { chapterId: CH.markt, lessonId: LESSON_2, locked: true });
    renderWidget();
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Master to continue' });
    expect(upgrade.getAttribute('href')).toBe('/app/user-profile/subscribe');
  });

  it('shows an error with a retry, and a note when the language has no course', async () => {
    mockApi([{ route: routes.getProgress, reply: { status: 400, message: 'Invalid language' } }]);
    renderWidget();
    expect((await screen.findByRole('alert')).textContent).toContain('Your next chapter could not be loaded.Invalid language');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();

    startOver();
    mockApi([{ route: routes.getProgress, reply: () => ({ courses: [] }) }]);
    renderWidget();
    await screen.findByText('There is no German course yet.');
  });
});
