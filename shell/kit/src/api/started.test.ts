// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importFile, importText } from '@verba/contracts/http';
import { positions } from './positions';
import { startCommand, startUpload } from './started';

const RESULT = { articles: [{ id: '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Buch' }], series: null, position: '9.1' };

/** Stands in for the browser's XMLHttpRequest: records what is sent, reports upload progress, answers. */
class FakeXhr {
  static last: FakeXhr;
  static answer = { status: 201, body: JSON.stringify(RESULT) };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  sent: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(form: FormData) {
    this.sent = form;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    this.status = FakeXhr.answer.status;
    this.responseText = FakeXhr.answer.body;
    setTimeout(() => this.onload?.(), 0);
  }
}

afterEach(() => {
  positions.reset();
  vi.unstubAllGlobals();
});

describe('started commands', () => {
  it('uploads the fields, a fresh command id and the file, reports progress, and records the answered position', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    document.cookie = 'verba_csrf=token-token-token-123';
    const progress: number[] = [];
    const started = startUpload(importFile, {
      fields: { languageCode: 'de' },
      file: new Blob(['x']),
      filename: 'buch.epub',
      onUploadProgress: (f) => progress.push(f),
    });
    expect(started.commandId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(started.result).resolves.toEqual(RESULT);
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.headers['x-verba-csrf']]).toEqual([
      'POST',
      '/api/articles/import/file',
      true,
      'token-token-token-123',
    ]);
    expect([...xhr.sent!.keys()]).toEqual(['languageCode', 'commandId', 'file']);
    expect(xhr.sent!.get('commandId')).toBe(started.commandId);
    expect((xhr.sent!.get('file') as File).name).toBe('buch.epub');
    expect(progress).toEqual([0.25]);
    expect(positions.latest()).toBe('9.1');
  });

  it("rejects with the server's message", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 400, body: JSON.stringify({ message: 'This file is not an EPUB book: it has no EPUB package inside.' }) };
    await expect(startUpload(importFile, { fields: {}, file: new Blob(['x']), filename: 'a.epub' }).result).rejects.toMatchObject({
      status: 400,
      message: 'This file is not an EPUB book: it has no EPUB package inside.',
    });
  });

  it('starts a JSON command with its id in hand', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(RESULT), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const started = startCommand(importText, { body: { languageCode: 'de', text: 'Hallo' } });
    await started.result;
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.commandId).toBe(started.commandId);
  });
});
