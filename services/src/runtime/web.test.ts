import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../platform/config';
import { createHttpServer, type App } from '../platform/http/server';
import { createLogger } from '../platform/logger';
import { pageFallbackFor, prerenderedPage, serveWeb } from './web';

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

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
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
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'shell/scripts/prerender.mjs'), '--template', template, '--out', dist], { stdio: 'pipe' });
    const log = createLogger('silent');
    app = await createHttpServer({ log, ready: () => true, pageFallback: pageFallbackFor(dist) });
    await serveWeb(app, dist);
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it.each(Object.entries(PAGES))('%s: HTML with its h1, title, description and social tags, before any script runs', async (pagePath, h1) => {
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
  });

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
    const linksOf = (html: string) => Object.fromEntries([...html.matchAll(/<link rel="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
    for (const pagePath of ['/app/dashboard', ...Object.keys(PAGES)]) {
      const links = linksOf((await get(pagePath)).body);
      expect(links, pagePath).toMatchObject({ icon: '/favicon.svg', 'apple-touch-icon': '/apple-touch-icon.png', manifest: '/site.webmanifest' });
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

  it('maps only plain paths to prerendered files', () => {
    expect(prerenderedPage('/')).toBe('prerendered/index.html');
    expect(prerenderedPage('/app/support/contact-us/')).toBe('prerendered/app/support/contact-us.html');
    expect(prerenderedPage('/../etc/passwd')).toBeUndefined();
    expect(prerenderedPage('/a//b')).toBeUndefined();
  });
});
