// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@verba/contracts';
import { LIBRARY_MESSAGES } from '@verba/contracts/http';
import { session, toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { COMMAND_ID, article, callsTo, json, mockApi, problem, series, type Handler } from '../../../test/mock-api';
import { resetAfterEach } from '../../../test/reset';
import { AddArticlePage, APPROVAL_NOTICE, EditArticlePage } from './ArticleEditorPage';

const ID = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const SERIES = series({ id: '2f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b', title: 'Tiergeschichten', isAuthor: true });
const CHECK = { canCreatePrivate: true, canCreatePublic: true, privateArticles: 1, privateArticleLimit: null };

function mockEditor(overrides: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/articles/create': () => json(CHECK),
    'GET /api/series/user-series': () => json({ series: [SERIES] }),
    'POST /api/translation-ai/check-public-article': () => json({ ok: true }),
    'POST /api/articles/create': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { name: string; content: string; isPrivate: boolean };
      return json({ article: article({ id: ID, ...body, needApprove: !body.isPrivate, isAuthor: true }) }, 201);
    },
    ...overrides,
  });
}

const renderPage = (page: ReactNode) => render(<KitProviders>{page}</KitProviders>);
const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;

resetAfterEach();
beforeEach(() => {
  session.setUser({
    uid: 'u1',
    name: 'Lea',
    email: 'lea@example.org',
    role: 'User',
    currentLearningLanguage: 'de',
    subscription: 'master',
  });
  window.history.replaceState(null, '', '/app/add-article');
});

describe('adding an article', () => {
  it('shows the contract’s errors in place and sends nothing while the form is invalid', async () => {
    const fetchMock = mockEditor();
    renderPage(<AddArticlePage />);
    await screen.findByLabelText(/^Title/);
    fireEvent.change(field(/^Image address/), { target: { value: 'javascript:alert(1)' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add article' })));
    expect(within(field(/^Title/).closest('.vk-field') as HTMLElement).getByText('Required')).toBeTruthy();
    expect(within(field(/^Text/).closest('.vk-field') as HTMLElement).getByText('Required')).toBeTruthy();
    expect(screen.getByText(LIBRARY_MESSAGES.imageAddress)).toBeTruthy();
    fireEvent.change(field(/^Title/), { target: { value: 'x'.repeat(201) } });
    await screen.findByText(LIBRARY_MESSAGES.nameTooLong);
    expect(callsTo(fetchMock, 'POST', '/api/articles/create')).toHaveLength(0);
  });

  it('saves a public article, says it waits for approval, and opens it', async () => {
    const fetchMock = mockEditor();
    renderPage(<AddArticlePage />);
    await screen.findByLabelText(/^Title/);
    fireEvent.change(field(/^Title/), { target: { value: ' Mein Tag ' } });
    fireEvent.change(field(/^Category/), { target: { value: 'Travel' } });
    fireEvent.change(field(/^Level/), { target: { value: 'B1' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Tiergeschichten' })).toBeTruthy());
    fireEvent.change(field(/^Series/), { target: { value: SERIES.id } });
    fireEvent.change(field(/^Text/), { target: { value: 'Heute fahre ich nach Berlin.' } });
    fireEvent.click(screen.getByLabelText(/^Public/));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add article' })));

    await waitFor(() => expect(window.location.pathname).toBe(`/app/library/${ID}`));
    expect(callsTo(fetchMock, 'POST', '/api/articles/create')[0]?.body).toEqual({
      name: 'Mein Tag',
      category: 'Travel',
      generalDifficulty: 'B1',
      content: 'Heute fahre ich nach Berlin.',
      translation: '',
      previewImgSrc: null,
      authorDisplayName: '',
      seriesId: SERIES.id,
      isPremiumOnly: false,
      isPrivate: false,
      contentFormat: 'text',
      languageCode: 'de',
      commandId: COMMAND_ID,
    });
    expect(toastStore.get()[0]?.description).toBe(APPROVAL_NOTICE);
    // The AI moderation check ran first, on the title and the text.
    expect(callsTo(fetchMock, 'POST', '/api/translation-ai/check-public-article')[0]?.body).toEqual({
      name: 'Mein Tag',
      content: 'Heute fahre ich nach Berlin.',
    });
  });

  it('keeps a public article the AI moderation declines, and says why', async () => {
    const fetchMock = mockEditor({
      'POST /api/translation-ai/check-public-article': () => json({ ok: false, reason: 'It contains hate speech.' }),
    });
    renderPage(<AddArticlePage />);
    await screen.findByLabelText(/^Title/);
    fireEvent.change(field(/^Title/), { target: { value: 'Mein Tag' } });
    fireEvent.change(field(/^Text/), { target: { value: 'Heute fahre ich nach Berlin.' } });
    fireEvent.click(screen.getByLabelText(/^Public/));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add article' })));
    expect((await screen.findByText(/This article cannot be published/)).textContent).toContain('It contains hate speech.');
    expect(callsTo(fetchMock, 'POST', '/api/articles/create')).toEqual([]);
    expect(window.location.pathname).toBe('/app/add-article');
  });

  it('shows the server’s refusal above the form', async () => {
    mockEditor({ 'POST /api/articles/create': () => problem(403, LIBRARY_MESSAGES.privateLimit) });
    renderPage(<AddArticlePage />);
    await screen.findByLabelText(/^Title/);
    fireEvent.change(field(/^Title/), { target: { value: 'Mein Tag' } });
    fireEvent.change(field(/^Text/), { target: { value: 'Heute.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add article' })));
    expect((await screen.findByRole('alert')).textContent).toBe(LIBRARY_MESSAGES.privateLimit);
  });

  it('sends a user the create check refuses (403) to the subscribe page', async () => {
    mockEditor({ 'GET /api/articles/create': () => problem(403, LIBRARY_MESSAGES.privateLimit) });
    renderPage(<AddArticlePage />);
    await waitFor(() => expect(window.location.pathname).toBe('/app/user-profile/subscribe'));
  });

  it('offers public only to those who may publish', async () => {
    mockEditor({ 'GET /api/articles/create': () => json({ ...CHECK, canCreatePublic: false, privateArticleLimit: 5 }) });
    renderPage(<AddArticlePage />);
    await screen.findByText('1 of 5 private articles used.');
    expect((screen.getByLabelText(/^Public/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(LIBRARY_MESSAGES.publicNeedsMaster)).toBeTruthy();
  });
});

describe('leaving with unsaved changes', () => {
  async function typeSomething() {
    renderPage(
      <>
        <a href="/app/dashboard">Dashboard</a>
        <AddArticlePage />
      </>,
    );
    await screen.findByLabelText(/^Title/);
    fireEvent.change(field(/^Title/), { target: { value: 'Halb fertig' } });
  }

  it('asks with the spec’s text before following a link; Stay keeps the page, Leave goes', async () => {
    mockEditor();
    await typeSomething();
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(MESSAGES.form.unsavedChanges)).toBeTruthy();
    expect(MESSAGES.form.unsavedChanges).toBe('You have unsaved changes. Are you sure you want to leave this page?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(window.location.pathname).toBe('/app/add-article');
    expect(field(/^Title/).value).toBe('Halb fertig');

    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/library'));
  });

  it('holds a single-spa route change (back button) until the answer, and warns before unload', async () => {
    mockEditor();
    await typeSomething();
    const cancelNavigation = vi.fn();
    const routing = new CustomEvent('single-spa:before-routing-event', {
      detail: { oldUrl: 'http://localhost/app/add-article', newUrl: 'http://localhost/app/dashboard', cancelNavigation },
    });
    act(() => void window.dispatchEvent(routing));
    const answer = cancelNavigation.mock.calls[0]?.[0] as Promise<boolean>;
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Stay' }));
    await expect(answer).resolves.toBe(true); // true = cancel the navigation

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });

  it('does not ask when nothing changed', async () => {
    mockEditor();
    renderPage(<AddArticlePage />);
    await screen.findByLabelText(/^Title/);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/library'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('editing an article', () => {
  const EXISTING = article({
    id: ID,
    name: 'Der Hund',
    content: 'Der Hund läuft.',
    isAuthor: true,
    isPrivate: true,
    seriesId: SERIES.id,
    seriesTitle: 'Tiergeschichten',
  });

  it('fills the form with the article and saves the change', async () => {
    const fetchMock = mockEditor({
      [`GET /api/articles/${ID}`]: () => json(EXISTING),
      'POST /api/articles/update': () => json({ article: { ...EXISTING, name: 'Der große Hund' } }),
    });
    renderPage(<EditArticlePage articleId={ID} />);
    await waitFor(() => expect(field(/^Title/).value).toBe('Der Hund'));
    expect(field(/^Text/).value).toBe('Der Hund läuft.');
    fireEvent.change(field(/^Title/), { target: { value: 'Der große Hund' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(window.location.pathname).toBe(`/app/library/${ID}`));
    expect(callsTo(fetchMock, 'POST', '/api/articles/update')[0]?.body).toMatchObject({
      articleId: ID,
      name: 'Der große Hund',
      isPrivate: true,
      seriesId: SERIES.id,
    });
  });

  it('refuses someone else’s article', async () => {
    mockEditor({ [`GET /api/articles/${ID}`]: () => json({ ...EXISTING, isAuthor: false }) });
    renderPage(<EditArticlePage articleId={ID} />);
    await screen.findByText(LIBRARY_MESSAGES.notAuthor);
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
  });
});
