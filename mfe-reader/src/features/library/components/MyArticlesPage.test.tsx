// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session, toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { LIBRARY_MESSAGES } from '@verba/contracts/http';
import { resetAfterEach } from '../../../test/reset';
import { callsTo, json, mockApi, problem, summary } from '../../../test/mock-api';
import { MyArticlesPage } from './MyArticlesPage';

const PRIVATE = summary({
  id: '3f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Mein Tagebuch',
  isPrivate: true,
  isAuthor: true,
  authorDisplayName: 'Lea',
});
const PUBLIC = summary({
  id: '4f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Mi viaje',
  languageCode: 'es',
  isAuthor: true,
  averageRating: 4,
  ratings: 1,
});

beforeEach(() => session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'de' }));
resetAfterEach();

function mockMine(onDelete: () => Response = () => json({ position: '9.2' })) {
  let articles = [PRIVATE, PUBLIC];
  return mockApi({
    'GET /api/articles/user-articles': () => json({ articles }),
    'DELETE /api/articles/private/delete': (url) => {
      const answer = onDelete();
      if (answer.ok) articles = articles.filter((a) => a.id !== url.searchParams.get('articleId'));
      return answer;
    },
  });
}

const renderPage = () =>
  render(
    <KitProviders>
      <MyArticlesPage />
    </KitProviders>,
  );
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('My articles', () => {
  it('lists the learner’s own articles in every language; only private ones can be deleted', async () => {
    mockMine();
    renderPage();
    await screen.findByRole('link', { name: 'Mein Tagebuch' });
    expect(within(rowOf('Mein Tagebuch')).getByText('Private')).toBeTruthy();
    expect(within(rowOf('Mein Tagebuch')).getByText('German')).toBeTruthy();
    expect(within(rowOf('Mi viaje')).getByText('Spanish')).toBeTruthy();
    expect(within(rowOf('Mi viaje')).getByText('4.0 (1)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete “Mein Tagebuch”' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete “Mi viaje”' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit “Mi viaje”' }).getAttribute('href')).toBe(`/app/edit-article?id=${PUBLIC.id}`);
  });

  it('deletes a private article only after the alert dialog is confirmed', async () => {
    const fetchMock = mockMine();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Mein Tagebuch”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Mein Tagebuch”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', '/api/articles/private/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Mein Tagebuch”' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete article' })));
    const [call] = callsTo(fetchMock, 'DELETE', '/api/articles/private/delete');
    expect(call?.url.searchParams.get('articleId')).toBe(PRIVATE.id);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Mein Tagebuch' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Mi viaje' })).toBeTruthy();
    expect(toastStore.get().map((t) => t.title)).toContain('“Mein Tagebuch” was deleted');
  });

  it('says why when the server refuses the deletion, and keeps the article', async () => {
    mockMine(() => problem(403, LIBRARY_MESSAGES.onlyPrivateDelete));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Mein Tagebuch”' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete article' })));
    await waitFor(() => expect(toastStore.get()[0]?.description).toBe(LIBRARY_MESSAGES.onlyPrivateDelete));
    expect(screen.getByRole('link', { name: 'Mein Tagebuch' })).toBeTruthy();
  });

  it('invites the learner to write when they have no article yet', async () => {
    mockApi({ 'GET /api/articles/user-articles': () => json({ articles: [] }) });
    renderPage();
    expect(await screen.findByText('You have not written an article yet')).toBeTruthy();
  });
});
