// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, LIBRARY_MESSAGES } from '@verba/contracts/http';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { COMMAND_ID, callsTo, json, mockApi, problem } from '../../../test/mock-api';
import { resetAfterEach } from '../../../test/reset';
import { statusOf } from '../api/import-api';
import { ImportPanel } from './ImportPanel';

const ID = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const SERIES = '2f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';

resetAfterEach();
beforeEach(() => {
  session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'de', subscription: 'free' });
  window.history.replaceState(null, '', '/app/add-article');
});

const renderPanel = () =>
  render(
    <KitProviders>
      <ImportPanel languageCode="de" />
    </KitProviders>,
  );
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import' })));

describe('importing a text', () => {
  it('imports pasted text with the chosen category and level, then opens the article', async () => {
    const fetchMock = mockApi({
      'POST /api/articles/import/text': () => json({ articles: [{ id: ID, name: 'Ein Brief' }], series: null, position: '4.2' }, 201),
      'GET /api/articles/import/progress': () => problem(404, IMPORT_MESSAGES.importNotFound),
    });
    renderPanel();
    await submit();
    expect(within(field(/^Text/).closest('.vk-field') as HTMLElement).getByText(LIBRARY_MESSAGES.required)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/articles/import/text')).toHaveLength(0);
    fireEvent.change(field(/^Text/), { target: { value: 'Ein Brief\n\nLiebe Oma!' } });
    fireEvent.change(field(/^Category/), { target: { value: 'Fiction' } });
    fireEvent.change(field(/^Level/), { target: { value: 'A2' } });
    await submit();
    expect(callsTo(fetchMock, 'POST', '/api/articles/import/text')[0]?.body).toEqual({
      languageCode: 'de',
      category: 'Fiction',
      generalDifficulty: 'A2',
      name: '',
      text: 'Ein Brief\n\nLiebe Oma!',
      commandId: COMMAND_ID,
    });
    expect(window.location.pathname).toBe(`/app/library/${ID}`);
  });

  it("offers the learner's own level for the text, and Other as its category, until they choose", async () => {
    session.setUser({
      uid: 'u1',
      name: 'Lea',
      email: 'lea@example.org',
      role: 'User',
      currentLearningLanguage: 'de',
      languageLevels: { de: 'A2', fr: 'C1' },
    });
    const fetchMock = mockApi({
      'POST /api/articles/import/text': () => json({ articles: [{ id: ID, name: 'Mein Tag' }], series: null, position: '4.2' }, 201),
      'GET /api/articles/import/progress': () => problem(404, IMPORT_MESSAGES.importNotFound),
    });
    renderPanel();
    expect(field(/^Level/).value).toBe('A2');
    expect(field(/^Category/).value).toBe('Other');
    fireEvent.change(field(/^Text/), { target: { value: 'Mein Tag\n\nIch stehe früh auf.' } });
    await submit();
    expect(callsTo(fetchMock, 'POST', '/api/articles/import/text')[0]?.body).toMatchObject({ generalDifficulty: 'A2', category: 'Other' });
  });

  it("imports a web page into a series and shows the library's series; a refusal shows the server's words", async () => {
    let answer = problem(400, IMPORT_MESSAGES.urlPrivate);
    mockApi({
      'POST /api/articles/import/url': () => answer,
      'GET /api/articles/import/progress': () => problem(404, IMPORT_MESSAGES.importNotFound),
    });
    renderPanel();
    fireEvent.click(screen.getByLabelText('A web page'));
    fireEvent.change(field(/^Web address/), { target: { value: 'ftp://example.org' } });
    await submit();
    expect(screen.getByText(IMPORT_MESSAGES.urlInvalid)).toBeTruthy();
    fireEvent.change(field(/^Web address/), { target: { value: 'http://192.168.1.1/' } });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(IMPORT_MESSAGES.urlPrivate);
    answer = json(
      {
        articles: [
          { id: ID, name: 'Teil (1)' },
          { id: SERIES, name: 'Teil (2)' },
        ],
        series: { id: SERIES, title: 'Teil' },
      },
      201,
    );
    fireEvent.change(field(/^Web address/), { target: { value: 'https://example.org/artikel' } });
    await submit();
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/app/library?seriesId=${SERIES}`);
  });

  it('checks the file before sending it: required, .txt, .epub, .srt, .vtt or .pdf, not empty', async () => {
    mockApi({});
    renderPanel();
    fireEvent.click(screen.getByLabelText('A file (.txt, .epub, .srt, .vtt or .pdf)'));
    // The picker offers every type the import reads, and says what becomes of subtitles and PDFs.
    const picker = field(/^File/) as HTMLInputElement;
    expect(picker.accept.split(',')).toEqual(expect.arrayContaining(['.txt', '.epub', '.srt', '.vtt', '.pdf']));
    expect(screen.getByText(/each subtitle becomes a line, with its timing/)).toBeTruthy();
    await submit();
    expect(screen.getByText(IMPORT_MESSAGES.fileRequired)).toBeTruthy();
    fireEvent.change(field(/^File/), { target: { files: [new File(['PK'], 'folien.docx')] } });
    await submit();
    expect(screen.getByText(IMPORT_MESSAGES.unsupportedFile)).toBeTruthy();
    fireEvent.change(field(/^File/), { target: { files: [new File([], 'leer.txt')] } });
    await submit();
    expect(screen.getByText(IMPORT_MESSAGES.emptyFile)).toBeTruthy();
  });

  it('shows the progress of a long import: the upload, then the articles as they are written', () => {
    expect(statusOf(0.5, null)).toEqual({ percent: 15, label: 'Uploading… 50%' });
    expect(statusOf(1, { stage: 'reading', done: 0, total: 0 })).toEqual({ percent: 35, label: 'Reading the text…' });
    expect(statusOf(1, { stage: 'creating', done: 3, total: 12 })).toEqual({ percent: 55, label: 'Creating articles: 3 of 12' });
    expect(statusOf(null, { stage: 'done', done: 12, total: 12 })).toEqual({ percent: 100, label: 'Done' });
  });
});
