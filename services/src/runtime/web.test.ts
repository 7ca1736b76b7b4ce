import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsPost } from '../contexts/blog/adapters/port';
import { readMarkdownPosts } from '../contexts/blog/adapters/local/posts';
import { startLocalBlogEndpoint } from '../contexts/blog/adapters/local/server';
import { REPO_ROOT } from '../platform/config';
import { createHttpServer, type App } from '../platform/http/server';
import { API_POLICY } from '../platform/http/security-headers';
import { createLogger } from '../platform/logger';
import { compressResponses } from './compression';
import { pageFallbackFor, prerenderedPage, serveWeb, WORKER_POLICY } from './web';

/** Every public page and the heading a visitor without JavaScript must see on it. */
const PAGES: Record<string, string> = {
  '/': 'Read your way to fluency',
  '/faq': 'Frequently asked questions',
  '/learn-german': 'Learn German by reading',
  '/learn-french': 'Learn French by reading',
  '/learn-spanish': 'Learn Spanish by reading',
  '/learn-russian': 'Learn Russian by reading',
  '/app/terms-and-conditions': 'Terms and conditions',
  '/app/privacy-policy': 'Privacy policy',
  '/app/cookie-policy': 'Cookie policy',
  '/app/support': 'How can we help?',
  '/app/support/contact-us': 'Contact support',
};

/** A post from the blog's CMS whose title and description try to leave their attribute and element. */
const HOSTILE: CmsPost = {
  slug: 'markup-in-the-head',
  title: '" onload="alert(1)" x="</title><script>alert(2)</script>',
  description: '"><script>alert(3)</script><meta http-equiv="refresh" content="0;url=https://evil.example">',
  image: { url: '/api/blog/images/x.svg" onerror="alert(4)', description: '" onerror="alert(5)' },
  date: '2099-01-01', // the newest, so the landing's first page lists it
  tag: '<b>Method</b>',
  language: null,
  body: 'Some text.\n\n<script>alert(6)</script>',
};

/** A post whose slug climbs out of the prerendered folder. */
const ESCAPING: CmsPost = { ...HOSTILE, slug: '../../../verba-escaped-prerender/page', title: 'Escaping', date: '2026-01-01' };

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
const metaOf = (html: string, attr: 'name' | 'property', key: string) => {
  const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return m ? decode(m[1]!) : undefined;
};
const textOf = (html: string, tag: string) => {
  const m = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html);
  return m ? decode(m[1]!.replace(/<[^>]+>/g, '')) : undefined;
};

/**
 * The real prerender script (shell/scripts/prerender.mjs, as `npm run build -w @verba/shell` runs it)
 * renders the public pages into a dist folder; web.ts must serve each page's own HTML for its path.
 */
describe('prerendered public pages served by the API process', () => {
  let dist: string;
  let app: App;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'verba-web-'));
    const template = path.join(REPO_ROOT, 'shell/src/index.html');
    copyFileSync(template, path.join(dist, 'index.html'));
    cpSync(path.join(REPO_ROOT, 'shell/public'), dist, { recursive: true }); // as the shell's build copies it
    rmSync(escapedDir(), { recursive: true, force: true }); // left by an earlier run that failed
    // The blog as a CMS would serve it: the repository's posts and two written to break out of the page or its folder.
    const cms = await startLocalBlogEndpoint([...readMarkdownPosts(), HOSTILE, ESCAPING]);
    try {
      // Not execFileSync: the CMS answers from this process, which must keep running meanwhile.
      const env = { ...process.env, BLOG_GRAPHQL_URL: cms.url };
      const { stderr } = await promisify(execFile)(
        process.execPath,
        [path.join(REPO_ROOT, 'shell/scripts/prerender.mjs'), '--template', template, '--out', dist],
        { env },
      );
      expect(stderr).not.toContain('could not be read');
    } finally {
      await cms.close();
    }
    const log = createLogger('silent');
    app = await createHttpServer({ log, ready: () => true, pageFallback: pageFallbackFor(dist) });
    await serveWeb(app, dist);
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(escapedDir(), { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  /** Where the escaping slug's page would land outside the prerendered folder. */
  const escapedDir = () => path.resolve(dist, 'prerendered', 'blog', path.dirname(ESCAPING.slug));

  it.each(Object.entries(PAGES))(
    '%s: HTML with its h1, title, description and social tags, before any script runs',
    async (pagePath, h1) => {
      const res = await get(pagePath);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      expect(textOf(html, 'h1')).toBe(h1);
      const title = textOf(html, 'title')!;
      const description = metaOf(html, 'name', 'description')!;
      expect(title).toContain('Verba');
      expect(title).not.toBe('Verba');
      expect(description.length).toBeGreaterThan(60);
      expect(metaOf(html, 'property', 'og:title')).toBe(title);
      expect(metaOf(html, 'property', 'og:description')).toBe(description);
      expect(metaOf(html, 'property', 'og:type')).toBe(pagePath === '/' ? 'website' : 'article');
      expect(metaOf(html, 'property', 'og:url')).toBe(`https://verba.app${pagePath}`);
      expect(metaOf(html, 'name', 'twitter:card')).toBe('summary');
      expect(html).not.toContain('Loading Verba');
      expect(html).not.toContain('Verba needs JavaScript');
      expect(html).toMatch(/<style>[\s\S]*--vk-primary/); // styled without the bundle
    },
  );

  it('gives every page its own title and description', async () => {
    const heads = await Promise.all(Object.keys(PAGES).map(async (p) => (await get(p)).body));
    expect(new Set(heads.map((h) => textOf(h, 'title'))).size).toBe(heads.length);
    expect(new Set(heads.map((h) => metaOf(h, 'name', 'description'))).size).toBe(heads.length);
  });

  it('renders the content itself: a landing page leading to sign-up, a real FAQ, drafts marked as drafts, the contact form', async () => {
    const landing = (await get('/')).body;
    expect(landing).toContain('href="/app/sign-up"');
    for (const lang of ['german', 'french', 'spanish', 'russian']) expect(landing).toContain(`href="/learn-${lang}"`);
    expect((await get('/faq')).body.match(/<details/g)?.length).toBeGreaterThanOrEqual(8);
    for (const legal of ['/app/terms-and-conditions', '/app/privacy-policy', '/app/cookie-policy']) {
      expect((await get(legal)).body).toContain('<strong>Draft.</strong>');
    }
    const contact = (await get('/app/support/contact-us')).body;
    for (const label of ['Name', 'Email', 'Message']) expect(contact).toMatch(new RegExp(`<label[^>]*>${label}`));
  });

  it('serves a public page with a trailing slash, and the app page for everything else', async () => {
    expect(textOf((await get('/faq/')).body, 'h1')).toBe(PAGES['/faq']);
    for (const other of ['/app/dashboard', '/app/sign-in', '/learn-italian']) {
      const res = await get(other);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Loading Verba');
      expect(textOf(res.body, 'title')).toBe('Verba');
    }
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
  });

  it('links the favicon, the app icons and the web manifest from every page, each served with its type', async () => {
    const linksOf = (html: string) =>
      Object.fromEntries([...html.matchAll(/<link rel="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
    for (const pagePath of ['/app/dashboard', ...Object.keys(PAGES)]) {
      const links = linksOf((await get(pagePath)).body);
      expect(links, pagePath).toMatchObject({
        icon: '/favicon.svg',
        'apple-touch-icon': '/apple-touch-icon.png',
        manifest: '/site.webmanifest',
      });
    }
    const icon = await get('/favicon.svg');
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(icon.body).toContain('<svg');
    const manifest = await get('/site.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const icons = manifest.json().icons as { src: string; sizes: string; type: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const { src, sizes, type } of [...icons, { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const res = await get(src);
      expect([res.statusCode, res.headers['content-type']], src).toEqual([200, type]);
      if (type === 'image/png') {
        // The PNG header's own width and height are the size the link promises.
        const png = res.rawPayload;
        expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(sizes);
      }
    }
  });

  it("keeps a CMS post's markup inert on the blog pages: title, social tags and data stay text", async () => {
    const heading = `${HOSTILE.title} | Verba blog`;
    for (const pagePath of ['/blog', `/blog/${HOSTILE.slug}`]) {
      const html = (await get(pagePath)).body;
      const { document } = parseHTML(html);
      // Every script is the app's theme script or the page's JSON data, which browsers never run.
      const scripts = [...document.querySelectorAll('script')];
      expect(
        scripts.map((el) => el.getAttribute('type') ?? (el.textContent?.includes('verba:theme') ? 'theme' : 'other')).sort(),
        pagePath,
      ).toEqual(['application/json', 'theme']);
      expect(document.querySelectorAll('meta[http-equiv]'), pagePath).toHaveLength(0);
      const handlers = [...document.querySelectorAll('*')].flatMap((el) =>
        el.getAttributeNames().filter((name: string) => name.startsWith('on')),
      );
      expect(handlers, pagePath).toEqual([]);
      expect(html, pagePath).not.toContain('alert(6)'); // the body's script did not survive the sanitizer
      // The JSON data the first browser render starts from holds the title as it was written.
      const { data } = JSON.parse(document.querySelector('script[type="application/json"]')!.textContent!) as {
        data: { title?: string; page?: { posts: { title: string }[] } };
      };
      expect(data.page ? data.page.posts.map((p) => p.title) : [data.title], pagePath).toContain(HOSTILE.title);
    }
    const { document } = parseHTML((await get(`/blog/${HOSTILE.slug}`)).body);
    expect(document.title).toBe(heading);
    const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[property="og:title"]')).toBe(heading);
    expect(meta('meta[name="twitter:title"]')).toBe(heading);
    expect(meta('meta[property="og:description"]')).toBe(HOSTILE.description);
    expect(meta('meta[property="og:image"]')).toBe('https://verba.app/api/blog/images/x.svg%22%20onerror=%22alert(4)');
    expect(document.querySelector('h1')?.textContent).toBe(HOSTILE.title);
    const { document: list } = parseHTML((await get('/blog')).body);
    expect([...list.querySelectorAll('a')].map((a) => a.textContent)).toContain(HOSTILE.title);
  });

  it('prerenders no page for a slug that is no public path, and writes nothing outside its folder', () => {
    expect(existsSync(path.join(dist, 'prerendered', 'blog', `${HOSTILE.slug}.html`))).toBe(true);
    expect(existsSync(escapedDir())).toBe(false);
  });

  it('allows only the inline scripts of the app itself, whatever a prerendered page holds', async () => {
    // As if escaping failed somewhere: a prerendered page with a script the app never wrote.
    const page = path.join(dist, 'prerendered', 'blog', 'slipped-through.html');
    mkdirSync(path.dirname(page), { recursive: true });
    writeFileSync(
      page,
      readFileSync(path.join(dist, 'prerendered', 'blog.html'), 'utf8').replace('</body>', '<script>alert(7)</script></body>'),
    );
    const res = await get('/blog/slipped-through');
    expect(res.body).toContain('<script>alert(7)</script>');
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const policy = String(res.headers['content-security-policy']);
    expect(policy).not.toContain(hash('alert(7)'));
    const theme = /<script>([\s\S]*?)<\/script>/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))![1]!;
    expect(policy).toContain(hash(theme));
  });

  it('maps only plain paths to prerendered files', () => {
    expect(prerenderedPage('/')).toBe('prerendered/index.html');
    expect(prerenderedPage('/app/support/contact-us/')).toBe('prerendered/app/support/contact-us.html');
    expect(prerenderedPage('/../etc/passwd')).toBeUndefined();
    expect(prerenderedPage('/a//b')).toBeUndefined();
  });
});

describe('cache headers of the built web files', () => {
  let dist: string;
  let app: App;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'verba-web-cache-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Verba</title>');
    writeFileSync(path.join(dist, 'main.js'), 'console.log("entry")');
    writeFileSync(path.join(dist, '470.5aaff931.js'), 'console.log("chunk")');
    writeFileSync(path.join(dist, 'not-a-hash.js'), 'console.log("plain")');
    app = await createHttpServer({ log: createLogger('silent'), ready: () => true, pageFallback: pageFallbackFor(dist) });
    await serveWeb(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('lets the browser keep a content-hashed chunk for a year without asking again', async () => {
    const res = await app.inject({ method: 'GET', url: '/470.5aaff931.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser revalidate entry files, which an unchanged file answers with 304', async () => {
    for (const url of ['/main.js', '/not-a-hash.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).not.toContain('immutable');
      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
  });
});

describe('compressed answers for a phone on a slow network', () => {
  let dist: string;
  let app: App;
  const script = `console.log(${JSON.stringify('a chunk of the app '.repeat(200))});`;
  const page = `<!doctype html><title>Verba</title><p>${'Read your way to fluency. '.repeat(100)}</p>`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'verba-web-compressed-'));
    // As the build leaves them: each text file with its .br and .gz beside it.
    for (const [name, text] of [
      ['index.html', page],
      ['470.5aaff931.js', script],
      ['sw.js', script],
    ] as const) {
      writeFileSync(path.join(dist, name), text);
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
    }
    app = await createHttpServer({ log: createLogger('silent'), ready: () => true, pageFallback: pageFallbackFor(dist) });
    await compressResponses(app);
    app.get('/api/large', async () => ({ words: Array.from({ length: 300 }, (_, i) => `word-${i}`) }));
    app.get('/api/small', async () => ({ changed: 1 }));
    await serveWeb(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends the build's brotli file to a browser that accepts it, gzip to one that accepts only gzip, the file to others", async () => {
    const br = await app.inject({ method: 'GET', url: '/470.5aaff931.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    const gz = await app.inject({ method: 'GET', url: '/470.5aaff931.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/470.5aaff931.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets the service worker fetch this origin (offline reading), compressed or not; other files keep the API policy', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-security-policy'], encoding).toBe(WORKER_POLICY);
    }
    const chunk = await app.inject({ method: 'GET', url: '/470.5aaff931.js', headers: { 'accept-encoding': 'br' } });
    expect(chunk.headers['content-security-policy']).toBe(API_POLICY);
  });

  it('sends the app page compressed, with its security policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/library', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('compresses a large API answer, and leaves the small answers of the hot paths as they are', async () => {
    const large = await app.inject({ method: 'GET', url: '/api/large', headers: { 'accept-encoding': 'gzip, br' } });
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).words).toHaveLength(300);
    const small = await app.inject({ method: 'GET', url: '/api/small', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ changed: 1 });
  });
});
