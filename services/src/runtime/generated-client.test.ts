/**
 * A generated client that works (issue 46, item 3), as another team would make one: types generated with
 * openapi-typescript from the served document, a client with openapi-fetch that sends the CSRF header the
 * document names. The client's code must compile with tsc (strict) before it runs against a server: it
 * signs up, verifies and signs in, marks a word, reads it back with `minPosition`, and gets a typed problem
 * for a bad request.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../test-support/platform/test-app';
import { awaitMail } from '../../test-support/contexts/identity/accounts';
import { allModules } from './modules';

const database = await preferredTestDatabase();
const SERVICES = path.resolve(import.meta.dirname, '../..');

/** The other team's code: only the generated `paths` and openapi-fetch, nothing of Verba's. */
const CLIENT = `import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export async function run(base: string, email: string, tokenFor: (email: string) => Promise<string>) {
  const cookies = new Map<string, string>();
  const session: Middleware = {
    onRequest({ request }) {
      request.headers.set('cookie', [...cookies].map(([k, v]) => k + '=' + v).join('; '));
      const csrf = cookies.get('verba_csrf'); // the header the document's csrf security scheme names
      if (csrf) request.headers.set('x-verba-csrf', csrf);
      return request;
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return response;
    },
  };
  const client = createClient<paths>({ baseUrl: base });
  client.use(session);

  const password = 'Correct-horse-9';
  const up = await client.POST('/api/sign-up', { body: { email, password, name: 'Grace Client' } });
  const verified = await client.POST('/api/verify-email', { body: { token: await tokenFor(email) } });
  const signedIn = await client.POST('/api/sign-in', { body: { email, password } });
  const marked = await client.PATCH('/api/dictionary/word', { body: { languageCode: 'de', word: { value: 'Brücke', status: 'known' } } });
  const position: string | undefined = marked.data?.position;
  const dictionary = await client.GET('/api/dictionary', { params: { query: { languageCode: 'de', minPosition: position } } });
  const words: string[] = (dictionary.data?.words ?? []).map((w) => w.value);
  // Type-correct, refused by the server: the problem comes back typed.
  const bad = await client.PATCH('/api/dictionary/word', { body: { languageCode: 'de', word: { value: '', status: 'known' } } });
  const problem: { status?: number; message?: string; errors?: { path: string; message: string }[] } | undefined = bad.error;
  return {
    statuses: [up.response.status, verified.response.status, signedIn.response.status, marked.response.status, dictionary.response.status],
    position,
    words,
    bad: { status: bad.response.status, message: problem?.message, paths: problem?.errors?.map((e) => e.path) },
  };
}
`;

describe(`a client generated from the OpenAPI document (openapi-typescript, openapi-fetch) on ${database.label}`, () => {
  let t: TestApp;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp(await database.create(), allModules);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // Inside services/, so the client resolves openapi-fetch from node_modules as a project would.
    dir = mkdtempSync(path.join(SERVICES, '.generated-client-'));
  }, 120_000);
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('generates types, compiles a client against them, and the client works', async () => {
    const doc = await (await fetch(`${base}/api/docs/json`)).json();
    const types = astToString(await openapiTS(doc));
    writeFileSync(path.join(dir, 'schema.d.ts'), types);
    const clientFile = path.join(dir, 'client.ts');
    writeFileSync(clientFile, CLIENT);

    const program = ts.createProgram([clientFile], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);

    const { run } = (await import(pathToFileURL(clientFile).href)) as { run: (...args: unknown[]) => Promise<Record<string, unknown>> };
    const email = `grace.${Date.now()}@client.example`;
    const result = await run(base, email, async (to: string) => (await awaitMail(t, to, /Confirm your email/)).token);
    expect(result.statuses).toEqual([201, 200, 200, 200, 200]);
    expect(result.position).toMatch(/^\d+\.\d+$/);
    expect(result.words).toContain('brücke'); // the dictionary keeps words in lower case
    expect(result.bad).toMatchObject({ status: 400, paths: ['body.word.value'] });
    expect(typeof (result.bad as { message: unknown }).message).toBe('string');
  }, 120_000);
});
