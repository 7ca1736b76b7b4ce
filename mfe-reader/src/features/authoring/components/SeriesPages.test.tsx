// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES } from '@verba/contracts/http';
import { session, toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { COMMAND_ID, callsTo, json, mockApi, problem, series, summary } from '../../../test/mock-api';
import { resetAfterEach } from '../../../test/reset';
import { SeriesDetailsPage, SeriesEditorPage, SeriesListPage } from './SeriesPages';

const MINE = series({
  id: '2f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
  title: 'Tiergeschichten',
  isAuthor: true,
  isPrivate: true,
  totalArticles: 2,
});
const THEIRS = series({ id: '3f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b', title: 'Reisen', totalArticles: 1 });

resetAfterEach();
beforeEach(() => {
  session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'de', subscription: 'free' });
  window.history.replaceState(null, '', '/app/series');
});

describe('series', () => {
  it('lists the series, each opening the library filtered to it; only one’s own can be edited', async () => {
    mockApi({ 'GET /api/series/get': () => json({ series: [MINE, THEIRS] }) });
    render(
      <KitProviders>
        <SeriesListPage />
      </KitProviders>,
    );
    const mine = (await screen.findByRole('heading', { name: 'Tiergeschichten' })).closest('li') as HTMLElement;
    expect(within(mine).getByRole('link', { name: 'Show articles' }).getAttribute('href')).toBe(`/app/library?seriesId=${MINE.id}`);
    expect(within(mine).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/app/edit-series?id=${MINE.id}`);
    expect(within(mine).getByText('2 articles · Verba · Private')).toBeTruthy();
    expect(within(mine).getByRole('link', { name: 'Details of “Tiergeschichten”' }).getAttribute('href')).toBe(`/app/series/${MINE.id}`);
    const theirs = screen.getByRole('heading', { name: 'Reisen' }).closest('li') as HTMLElement;
    expect(within(theirs).queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('creates a private series (public needs Master), with the title required', async () => {
    const fetchMock = mockApi({ 'POST /api/series/create': () => json({ series: MINE }, 201) });
    render(
      <KitProviders>
        <SeriesEditorPage />
      </KitProviders>,
    );
    expect((screen.getByLabelText(/^Public/) as HTMLInputElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create series' })));
    expect(screen.getByText(LIBRARY_MESSAGES.required)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Tiergeschichten' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Kurze Geschichten' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create series' })));
    await waitFor(() => expect(window.location.pathname).toBe('/app/series'));
    expect(callsTo(fetchMock, 'POST', '/api/series/create')[0]?.body).toEqual({
      title: 'Tiergeschichten',
      description: 'Kurze Geschichten',
      previewImgSrc: null,
      authorDisplayName: '',
      isPrivate: true,
      languageCode: 'de',
      commandId: COMMAND_ID,
    });
  });

  it('edits one’s own series', async () => {
    const fetchMock = mockApi({
      [`GET /api/series/${MINE.id}`]: () => json(MINE),
      'POST /api/series/update': () => json({ series: { ...MINE, title: 'Tiere' } }),
    });
    render(
      <KitProviders>
        <SeriesEditorPage seriesId={MINE.id} />
      </KitProviders>,
    );
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Tiergeschichten'));
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Tiere' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/series/update')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/series/update')[0]?.body).toMatchObject({ seriesId: MINE.id, title: 'Tiere', isPrivate: true });
  });

  describe('details', () => {
    const PARTS = [
      summary({ id: '5f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Der Hund (1)', seriesId: MINE.id, seriesTitle: MINE.title }),
      summary({ id: '6f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Der Hund (2)', seriesId: MINE.id, seriesTitle: MINE.title }),
    ];
    const mockDetails = (target = MINE, onDelete = () => json({ position: '9.3' })) =>
      mockApi({
        [`GET /api/series/details/${target.id}`]: () => json({ series: target, articles: PARTS }),
        'DELETE /api/series/delete': onDelete,
      });

    it('shows the series with its articles in reading order; another’s series offers no edit or delete', async () => {
      mockDetails(THEIRS);
      render(
        <KitProviders>
          <SeriesDetailsPage seriesId={THEIRS.id} />
        </KitProviders>,
      );
      const parts = await screen.findByRole('list', { name: 'Articles in reading order' });
      expect(
        within(parts)
          .getAllByRole('link')
          .map((a) => [a.textContent, a.getAttribute('href')]),
      ).toEqual([
        ['Der Hund (1)', `/app/library/${PARTS[0]!.id}`],
        ['Der Hund (2)', `/app/library/${PARTS[1]!.id}`],
      ]);
      expect(screen.getByRole('heading', { name: 'Reisen' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Delete series' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Edit series' })).toBeNull();
    });

    it('deletes one’s own series after the alert dialog, then goes back to the series list', async () => {
      const fetchMock = mockDetails();
      render(
        <KitProviders>
          <SeriesDetailsPage seriesId={MINE.id} />
        </KitProviders>,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Delete series' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete the series “Tiergeschichten”?' });
      expect(callsTo(fetchMock, 'DELETE', '/api/series/delete')).toHaveLength(0);
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete series' })));
      expect(callsTo(fetchMock, 'DELETE', '/api/series/delete')[0]?.url.searchParams.get('seriesId')).toBe(MINE.id);
      await waitFor(() => expect(window.location.pathname).toBe('/app/series'));
      expect(toastStore.get()[0]).toMatchObject({
        title: 'Series “Tiergeschichten” deleted',
        description: 'Its articles stay in your library.',
      });
    });

    it('says why a deletion was refused and stays on the page', async () => {
      mockDetails(MINE, () => problem(403, LIBRARY_MESSAGES.notSeriesAuthor));
      window.history.replaceState(null, '', `/app/series/${MINE.id}`);
      render(
        <KitProviders>
          <SeriesDetailsPage seriesId={MINE.id} />
        </KitProviders>,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Delete series' }));
      await act(async () => fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete series' })));
      await waitFor(() => expect(toastStore.get()[0]?.description).toBe(LIBRARY_MESSAGES.notSeriesAuthor));
      expect(window.location.pathname).toBe(`/app/series/${MINE.id}`);
    });
  });
});
