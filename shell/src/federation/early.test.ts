import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const REGISTRY = { reader: '/fragments/reader/mf-manifest.json', learn: '/fragments/learn/mf-manifest.json' };
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './continue-reading-widget', assets: { js: { sync: ['widget.1.js'] } } },
    { path: './spa', assets: { js: { sync: ['css-runtime.2.js', '__federation_expose_spa.3.js'] } } },
  ],
};

/** A fetch that answers the registry and the reader's manifest, and records what was asked. */
function fakeFetch() {
  return vi.fn(async (url: string | URL | Request) => {
    const path = new URL(String(url), window.location.href).pathname;
    if (path === '/registry.json') return Response.json(REGISTRY);
    if (path === '/fragments/reader/mf-manifest.json') return Response.json(MANIFEST);
    return new Response('not found', { status: 404 });
  });
}

const asked = (fetch: ReturnType<typeof fakeFetch>) => fetch.mock.calls.map(([url]) => new URL(String(url), window.location.href).pathname);
const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((l) => new URL(l.href).pathname);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('start-up fetches begun before the shell has loaded', () => {
  let fetch: ReturnType<typeof fakeFetch>;
  beforeEach(() => {
    vi.resetModules();
    fetch = fakeFetch();
    vi.stubGlobal('fetch', fetch);
    document.head.innerHTML = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('finds the fragment a signed-in user sees at an address, never guessing the admin one', async () => {
    const { fragmentAt } = await import('./early');
    expect(fragmentAt('/app/library')).toBe('reader');
    expect(fragmentAt('/app/library/5000a000-0000-4000-8000-000000000001/')).toBe('reader');
    expect(fragmentAt('/app/courses')).toBe('learn');
    expect(fragmentAt('/app/library-x')).toBeUndefined();
    expect(fragmentAt('/app/dashboard')).toBeUndefined();
    expect(fragmentAt('/app/admin')).toBeUndefined();
  });

  it("with a session, fetches the page's fragment manifest and preloads its entry and ./spa chunks; the shell gets both answers once", async () => {
    const { startEarly, takeManifest, takeRegistry } = await import('./early');
    startEarly('/app/library/some-article', 'theme=dark; verba_csrf=abc');
    await expect(takeRegistry()).resolves.toEqual(REGISTRY);
    await vi.waitFor(() =>
      expect(preloaded()).toEqual([
        '/fragments/reader/remoteEntry.js',
        '/fragments/reader/css-runtime.2.js',
        '/fragments/reader/__federation_expose_spa.3.js',
      ]),
    );
    expect(asked(fetch)).toEqual(['/registry.json', '/fragments/reader/mf-manifest.json']);

    const manifest = takeManifest('/fragments/reader/mf-manifest.json');
    await expect(manifest?.then((r) => r.json())).resolves.toEqual(MANIFEST);
    expect(takeManifest('/fragments/reader/mf-manifest.json')).toBeUndefined();
    // A later start-up step (e.g. a retry) asks again.
    await takeRegistry();
    expect(asked(fetch)).toEqual(['/registry.json', '/fragments/reader/mf-manifest.json', '/registry.json']);
  });

  it("asks for the fragment's remoteEntry.js together with its manifest, not after it", async () => {
    const { startEarly, takeRegistry } = await import('./early');
    const registry = Response.json(REGISTRY);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => (String(url).endsWith('/registry.json') ? Promise.resolve(registry) : new Promise<Response>(() => {}))),
    );
    startEarly('/app/library', 'verba_csrf=abc');
    await takeRegistry();
    await vi.waitFor(() => expect(preloaded()).toEqual(['/fragments/reader/remoteEntry.js']));
  });

  it('fetches no fragment for a guest (sent to sign in) or a page of the shell', async () => {
    const { startEarly, takeRegistry } = await import('./early');
    startEarly('/app/library', '');
    await takeRegistry();
    startEarly('/app/dashboard', 'verba_csrf=abc');
    await takeRegistry();
    await settle();
    expect(asked(fetch)).toEqual(['/registry.json', '/registry.json']);
    expect(preloaded()).toEqual([]);
  });

  it('preloads nothing from a manifest whose files are not beside it', async () => {
    const { firstFiles } = await import('./early');
    expect(firstFiles({ ...MANIFEST, metaData: { ...MANIFEST.metaData, publicPath: 'https://cdn.example/reader/' } })).toEqual([]);
    expect(firstFiles({ ...MANIFEST, metaData: { ...MANIFEST.metaData, remoteEntry: { name: 'remoteEntry.js', path: 'js/' } } })).toEqual([
      'js/remoteEntry.js',
      'js/css-runtime.2.js',
      'js/__federation_expose_spa.3.js',
    ]);
    expect(firstFiles(null)).toEqual([]);
  });
});
