import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, MESSAGES } from '@verba/contracts';
import { ADMIN_ONLY, SESSION_EXPIRED } from '../../../platform/http/routes';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { multipart } from '../../../../test-support/platform/multipart';
import { createTestApp, type Agent, type TestApp } from '../../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../../test-support/platform/test-auth';
import { contentModule } from '../module';

const database = await preferredTestDatabase();
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number, fill = 7) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, fill)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4, 1), Buffer.from('WEBPVP8 '), Buffer.alloc(100, 2)]);

/** Issue 16: the image manager (spec §5 image rules, §9 limits). */
describe(`image manager on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, contentModule]);
    admin = t.agent().setCookies(testUserCookies(randomUUID(), 'Admin', 'free'));
  });
  afterAll(async () => t?.close());

  const upload = (files: Parameters<typeof multipart>[0], kind = 'content', who = admin) =>
    who.request({ method: 'POST', url: `/api/admin/images?kind=${kind}`, ...multipart(files) });
  const count = async () => Number((await t.platform.db('content_images').count({ c: '*' }))[0]!.c);

  it('stores a valid png and serves it back byte-equal from a content-addressed URL with a long cache', async () => {
    const bytes = png(5000);
    const res = await upload([{ filename: '../../Sonne am See.png', type: 'image/png', bytes }]);
    expect(res.statusCode, res.body).toBe(201);
    const { image } = res.json();
    expect(image).toMatchObject({ name: 'Sonne am See.png', kind: 'content', contentType: 'image/png', size: 5000 });
    expect(image.url).toMatch(/^\/api\/images\/[0-9a-f]{64}\.png$/);
    const served = await t.agent().request({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    // The same bytes again are the same image.
    expect((await upload([{ filename: 'again.png', type: 'image/png', bytes }])).json().image.id).toBe(image.id);
    expect((await upload([{ filename: 'w.webp', type: 'image/webp', bytes: WEBP }])).json().image.contentType).toBe('image/webp');
  });

  it.each([
    [
      'a 4194305-byte file',
      [{ filename: 'big.png', type: 'image/png', bytes: png(4_194_305) }],
      'content',
      MEDIA_MESSAGES.tooLarge('content'),
    ],
    [
      'a preview over 307200 bytes',
      [{ filename: 'p.png', type: 'image/png', bytes: png(307_201) }],
      'preview',
      MEDIA_MESSAGES.tooLarge('preview'),
    ],
    [
      'a renamed .exe',
      [{ filename: 'photo.png', type: 'image/png', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]) }],
      'content',
      MEDIA_MESSAGES.wrongType,
    ],
    [
      'an SVG with script',
      [
        {
          filename: 'x.svg',
          type: 'image/svg+xml',
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
      ],
      'content',
      MEDIA_MESSAGES.wrongType,
    ],
    ['zero files', [], 'content', MESSAGES.form.fileRequired],
    [
      'two files',
      [
        { filename: 'a.png', type: 'image/png', bytes: png(100) },
        { filename: 'b.png', type: 'image/png', bytes: png(100, 8) },
      ],
      'content',
      MESSAGES.form.fileRequired,
    ],
    ['an empty file', [{ filename: 'e.png', type: 'image/png', bytes: Buffer.alloc(0) }], 'content', MESSAGES.form.fileRequired],
  ] as const)('refuses %s with a clear message and stores nothing', async (_what, files, kind, message) => {
    const before = await count();
    const res = await upload([...files], kind);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('refuses a body that is not a form', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/admin/images', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.form.fileRequired);
  });

  it('lists, searches, sorts and pages on the server, and deletes', async () => {
    for (const [i, name] of ['Berg.png', 'Wald.png', 'Bergsee.png'].entries())
      await upload([{ filename: name, type: 'image/png', bytes: png(200 + i, 20 + i) }]);
    const list = (query: string) => admin.request({ method: 'GET', url: `/api/admin/images?${query}` }).then((r) => r.json());
    const berg = await list('search=berg&sort=name');
    expect(berg.images.map((i: { name: string }) => i.name)).toEqual(['Berg.png', 'Bergsee.png']);
    expect(berg.total).toBe(2);
    const paged = await list('pageSize=2&page=2&sort=name');
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.images).toHaveLength(2);
    expect((await list('search=%25')).total).toBe(0); // % is a letter to search for, not a wildcard

    const id = berg.images[0].id as string;
    const url = berg.images[0].url as string;
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/images/${id}` })).json()).toEqual({ ok: true });
    expect((await t.agent().request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/images/${id}` })).json()).toMatchObject({
      status: 404,
      message: MEDIA_MESSAGES.imageNotFound,
    });
  });

  it('is for admins only: 401 anonymous, 403 learner, nothing stored', async () => {
    const before = await count();
    const learner = t.agent().setCookies(testUserCookies(randomUUID(), 'User', 'free'));
    const anonymous = await upload([{ filename: 'a.png', type: 'image/png', bytes: png(100, 9) }], 'content', t.agent());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(SESSION_EXPIRED);
    const refused = await upload([{ filename: 'a.png', type: 'image/png', bytes: png(100, 9) }], 'content', learner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_ONLY);
    expect((await learner.request({ method: 'GET', url: '/api/admin/images' })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
