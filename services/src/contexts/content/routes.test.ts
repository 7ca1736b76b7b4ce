import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES, SUPPORT_RATE_LIMIT } from '@verba/contracts';
import { ADMIN_ONLY, SESSION_EXPIRED } from '../../platform/http/routes';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { contentModule } from './module';

const database = await preferredTestDatabase();

const paragraph = (text: string) => ({ type: 'paragraph', data: { text } });
const banner = (visibleTo: string, text = `Hello ${visibleTo}`, extra: Record<string, unknown> = {}) => ({
  visibleTo,
  content: { blocks: [paragraph(text)] },
  dismissBehavior: 'temporary',
  ...extra,
});

/** Every announcement of a test in one page (the admin list pages by 20 unless asked). */
const ADMIN_LIST = '/api/admin/announcements?pageSize=100';

describe(`content routes on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, contentModule]);
  });
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
  const as = (role = 'User', subscription: 'free' | 'master' = 'free'): { agent: Agent; uid: string } => {
    const uid = randomUUID();
    return { agent: t.agent().setCookies(testUserCookies(uid, role, subscription)), uid };
  };
  const create = async (admin: Agent, body: unknown) => {
    const res = await admin.request({ method: 'POST', url: '/api/admin/announcements', payload: body as object });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; position: string };
  };
  const listIds = async (agent: Agent, url: string, position: string, ids: string[]) => {
    const res = await agent.request({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}minPosition=${position}` });
    expect(res.statusCode).toBe(200);
    return (res.json().announcements as { id: string }[]).map((a) => a.id).filter((id) => ids.includes(id));
  };

  it('documents every content route in the OpenAPI document', async () => {
    const res = await t.agent().request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/announcements',
      '/api/admin/announcements/{id}',
      '/api/brevo/create-user',
      '/api/brevo/send-support-admin',
      '/api/admin/brevo/calls',
    ]) {
      expect(paths).toContain(p);
    }
  });

  describe('announcements', () => {
    it('lists each user only the active announcements of their groups (all, their subscription, admin)', async () => {
      const admin = as('Admin').agent;
      const made: Record<string, string> = {};
      let position = '';
      for (const group of ['all', 'free', 'master', 'admin']) {
        ({ id: made[group]!, position } = await create(admin, banner(group)));
      }
      const hidden = await create(admin, banner('all', 'Switched off', { active: false }));
      position = hidden.position;
      const ids = [...Object.values(made), hidden.id];
      const expectIds = async (agent: Agent, groups: string[]) =>
        expect((await listIds(agent, '/api/announcements', position, ids)).sort()).toEqual(groups.map((g) => made[g]!).sort());

      await expectIds(as('User', 'free').agent, ['all', 'free']);
      await expectIds(as('User', 'master').agent, ['all', 'master']);
      await expectIds(as('Admin', 'free').agent, ['all', 'free', 'admin']);
      // Admins see every announcement, inactive ones too.
      expect((await listIds(admin, ADMIN_LIST, position, ids)).sort()).toEqual(ids.sort());

      const one = (await as().agent.request({ method: 'GET', url: `/api/announcements?minPosition=${position}` }))
        .json()
        .announcements.find((a: { id: string }) => a.id === made.all);
      expect(one).toMatchObject({
        id: made.all,
        visibleTo: 'all',
        content: { blocks: [paragraph('Hello all')] },
        dismissBehavior: 'temporary',
        active: true,
      });
    });

    it("shows an announcement only inside its schedule, and language groups' banners to the browser to pick", async () => {
      const admin = as('Admin').agent;
      const hour = 60 * 60 * 1000;
      const at = (ms: number) => new Date(Date.now() + ms).toISOString();
      const start = at(hour);
      const later = await create(admin, banner('all', 'Later', { startsAt: start }));
      const over = await create(admin, banner('all', 'Over', { startsAt: at(-2 * hour), endsAt: at(-hour) }));
      const now = await create(admin, banner('all', 'Now', { startsAt: at(-hour), endsAt: at(hour) }));
      const german = await create(admin, banner('de', 'Für Deutschlernende'));
      const ids = [later.id, over.id, now.id, german.id];
      expect((await listIds(as().agent, '/api/announcements', german.position, ids)).sort()).toEqual([now.id, german.id].sort());
      const all = (await admin.request({ method: 'GET', url: `${ADMIN_LIST}&minPosition=${german.position}` })).json().announcements;
      // Admins see the scheduled one with its start, to list it as scheduled.
      expect(all.find((a: { id: string }) => a.id === later.id)).toMatchObject({ startsAt: Date.parse(start), endsAt: null });
    });

    it('remembers a banner dismissed for good on the account: another session leaves it out; a repeat appends nothing', async () => {
      const admin = as('Admin').agent;
      const lasting = await create(admin, banner('all', 'Spring sale', { dismissBehavior: 'persistent' }));
      const ids = [lasting.id];
      const ana = as();
      const dismiss = (agent: Agent, id: string) =>
        agent.request({ method: 'PUT', url: `/api/announcements/${id}/dismissal`, payload: { commandId: randomUUID() } });
      expect(await listIds(ana.agent, '/api/announcements', lasting.position, ids)).toEqual(ids);
      const res = await dismiss(ana.agent, lasting.id);
      expect(res.statusCode, res.body).toBe(200);
      // Another browser: a new session of the same account.
      const elsewhere = t.agent().setCookies(testUserCookies(ana.uid, 'User', 'free'));
      expect(await listIds(elsewhere, '/api/announcements', res.json().position, ids)).toEqual([]);
      expect(await listIds(as().agent, '/api/announcements', res.json().position, ids)).toEqual(ids);
      const before = await eventCount();
      expect((await dismiss(elsewhere, lasting.id)).statusCode).toBe(200);
      expect(await eventCount()).toBe(before);
      const unknown = await dismiss(ana.agent, randomUUID());
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Announcement not found']);
      expect(await eventCount()).toBe(before);
    });

    it('lets only admins write: 403 for users, 401 without a session, and nothing is appended', async () => {
      const admin = as('Admin').agent;
      const { id } = await create(admin, banner('all'));
      const user = as().agent;
      const before = await eventCount();
      for (const req of [
        { method: 'POST' as const, url: '/api/admin/announcements', payload: banner('all') },
        { method: 'PUT' as const, url: `/api/admin/announcements/${id}`, payload: banner('free') },
        { method: 'DELETE' as const, url: `/api/admin/announcements/${id}` },
        { method: 'GET' as const, url: '/api/admin/announcements' },
      ]) {
        const res = await user.request(req);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ADMIN_ONLY);
      }
      const guest = await t.agent().request({ method: 'GET', url: '/api/announcements' });
      expect(guest.statusCode).toBe(401);
      expect(guest.json().message).toBe(SESSION_EXPIRED);
      expect(await eventCount()).toBe(before);
    });

    it.each([
      [{ ...banner('all'), content: { blocks: [] } }, 'An announcement needs at least one content block'],
      [banner('everyone'), 'visibleTo must be one of: all, free, master, admin, de, fr, es, ru'],
      [{ ...banner('all'), dismissBehavior: 'never' }, 'dismissBehavior must be one of: persistent, temporary, session'],
      [banner('all', '   '), 'Required'],
      [banner('all', 'x'.repeat(501)), 'Maximum 500 letters are allowed'],
      [
        { ...banner('all'), content: { blocks: [{ type: 'link', data: { text: 'Go', url: 'javascript:alert(1)' } }] } },
        'A link must be an http(s) URL or a path of this site',
      ],
      [
        {
          ...banner('all'),
          content: { blocks: [{ type: 'link', data: { text: 'Go', url: 'data:text/html,<script>alert(1)</script>' } }] },
        },
        'A link must be an http(s) URL or a path of this site',
      ],
      // Browsers read these as another site's address, not a path of this one.
      [
        { ...banner('all'), content: { blocks: [{ type: 'link', data: { text: 'Go', url: '//evil.example/sign-in' } }] } },
        'A link must be an http(s) URL or a path of this site',
      ],
      [
        { ...banner('all'), content: { blocks: [{ type: 'link', data: { text: 'Go', url: '/\\evil.example/sign-in' } }] } },
        'A link must be an http(s) URL or a path of this site',
      ],
      [
        { ...banner('all'), content: { blocks: [{ type: 'video', data: { text: 'x' } }] } },
        'A block is a paragraph, a header, a link or an image',
      ],
      [
        { ...banner('all'), content: { blocks: [{ type: 'image', data: { url: 'https://evil.example/x.png' } }] } },
        'Choose an image from the image manager',
      ],
      [banner('all', 'Later', { startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }), 'The end must be after the start'],
      [
        { ...banner('all'), content: { blocks: Array.from({ length: 11 }, () => paragraph('x')) } },
        'An announcement has at most 10 content blocks',
      ],
    ])('refuses %j with "%s" and appends nothing', async (body, message) => {
      const before = await eventCount();
      const res = await as('Admin').agent.request({ method: 'POST', url: '/api/admin/announcements', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await eventCount()).toBe(before);
    });

    it('updates and deletes, with 404 for an unknown or deleted announcement', async () => {
      const admin = as('Admin').agent;
      const { id } = await create(admin, banner('all'));
      const revised = await admin.request({
        method: 'PUT',
        url: `/api/admin/announcements/${id}`,
        payload: banner('master', 'Now for Master'),
      });
      expect(revised.statusCode).toBe(200);
      const master = as('User', 'master').agent;
      const free = as('User', 'free').agent;
      expect(await listIds(master, '/api/announcements', revised.json().position, [id])).toEqual([id]);
      expect(await listIds(free, '/api/announcements', revised.json().position, [id])).toEqual([]);

      const same = await admin.request({
        method: 'PUT',
        url: `/api/admin/announcements/${id}`,
        payload: banner('master', 'Now for Master'),
      });
      expect(same.json()).toEqual({}); // nothing changed, nothing appended

      const gone = await admin.request({ method: 'DELETE', url: `/api/admin/announcements/${id}` });
      expect(gone.statusCode).toBe(200);
      expect(await listIds(admin, ADMIN_LIST, gone.json().position, [id])).toEqual([]);
      for (const req of [
        { method: 'DELETE' as const, url: `/api/admin/announcements/${id}` },
        { method: 'PUT' as const, url: `/api/admin/announcements/${id}`, payload: banner('all') },
        { method: 'PUT' as const, url: `/api/admin/announcements/${randomUUID()}`, payload: banner('all') },
      ]) {
        const res = await admin.request(req);
        expect(res.statusCode, req.url).toBe(404);
        expect(res.json().message).toBe('Announcement not found');
      }
      const malformed = await admin.request({ method: 'DELETE', url: '/api/admin/announcements/not-an-id' });
      expect([malformed.statusCode, malformed.json().message]).toEqual([400, 'Announcement not found']);
    });

    it('pages the admin list on the server, newest first, and reads one announcement for its editor', async () => {
      const admin = as('Admin').agent;
      let position = '';
      for (const text of ['Erste', 'Zweite', 'Dritte']) ({ position } = await create(admin, banner('all', text)));
      const all = (await admin.request({ method: 'GET', url: `${ADMIN_LIST}&minPosition=${position}` })).json();
      expect(all.total).toBe(all.announcements.length);
      const newest = all.announcements
        .slice(0, 3)
        .map((a: { content: { blocks: { data: { text: string } }[] } }) => a.content.blocks[0]!.data.text);
      expect(newest).toEqual(['Dritte', 'Zweite', 'Erste']);
      const second = (await admin.request({ method: 'GET', url: '/api/admin/announcements?pageSize=2&page=2' })).json();
      expect(second).toMatchObject({ total: all.total, page: 2, pageSize: 2 });
      expect(second.announcements.map((a: { id: string }) => a.id)).toEqual(all.announcements.slice(2, 4).map((a: { id: string }) => a.id));
      expect((await admin.request({ method: 'GET', url: '/api/admin/announcements?pageSize=101' })).statusCode).toBe(400);

      const one = await admin.request({ method: 'GET', url: `/api/admin/announcements/${all.announcements[0].id}` });
      expect(one.json()).toEqual(all.announcements[0]);
      const unknown = await admin.request({ method: 'GET', url: `/api/admin/announcements/${randomUUID()}` });
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Announcement not found']);
      expect((await as().agent.request({ method: 'GET', url: `/api/admin/announcements/${all.announcements[0].id}` })).statusCode).toBe(
        403,
      );
    });

    it('serves the admin reads from the cache until a write is projected (spec §9: kept 1000 s)', async () => {
      const admin = as('Admin').agent;
      const { id, position } = await create(admin, banner('free', 'Zwischengespeichert'));
      const text = async (url: string) => JSON.stringify((await admin.request({ method: 'GET', url })).json());
      expect(await text(`${ADMIN_LIST}&minPosition=${position}`)).toContain('Zwischengespeichert');
      await t.caughtUp(); // earlier tests' writes are projected, their invalidations done
      expect(await text(`/api/admin/announcements/${id}`)).toContain('Zwischengespeichert');
      // Behind the projector's back the read model changes: repeated reads do not query it again...
      await t.platform
        .db('content_announcements')
        .where({ id })
        .update({ blocks: JSON.stringify([paragraph('Hinterrücks')]) });
      expect(await text(ADMIN_LIST)).toContain('Zwischengespeichert');
      expect(await text(`/api/admin/announcements/${id}`)).toContain('Zwischengespeichert');
      // ...until a write is projected: the admin then reads their own write at once.
      const revised = await admin.request({
        method: 'PUT',
        url: `/api/admin/announcements/${id}`,
        payload: banner('free', 'Überarbeitet'),
      });
      expect(await text(`${ADMIN_LIST}&minPosition=${revised.json().position}`)).toContain('Überarbeitet');
      expect(await text(`/api/admin/announcements/${id}`)).toContain('Überarbeitet');
    });

    it('seeds one welcome banner for everyone, however often the seed runs', async () => {
      const [line] = await contentModule.seed!(t.deps);
      expect(line).toMatch(/welcome banner/);
      const before = await eventCount();
      await contentModule.seed!(t.deps);
      expect(await eventCount()).toBe(before);
      const admin = as('Admin').agent;
      const welcomes = async () =>
        (await admin.request({ method: 'GET', url: ADMIN_LIST }))
          .json()
          .announcements.filter(
            (a: { content: { blocks: { data: { text: string } }[] } }) => a.content.blocks[0]?.data.text === 'Welcome to Verba!',
          );
      await expect.poll(async () => (await welcomes()).length).toBe(1);
      expect((await welcomes())[0]).toMatchObject({ visibleTo: 'all', dismissBehavior: 'persistent', active: true });
    });

    it('creates once when a request is retried with the same commandId', async () => {
      const admin = as('Admin').agent;
      const body = { ...banner('all'), commandId: randomUUID() };
      const first = await create(admin, body);
      const before = await eventCount();
      const again = await admin.request({ method: 'POST', url: '/api/admin/announcements', payload: body });
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(first.id);
      expect(await eventCount()).toBe(before);
    });
  });

  describe('email marketing proxy (/api/brevo, local adapter)', () => {
    const calls = async () => (await as('Admin').agent.request({ method: 'GET', url: '/api/admin/brevo/calls' })).json();

    it("manages only the caller's own contact and records each call for admins", async () => {
      const { agent, uid } = as();
      const created = await agent.request({
        method: 'POST',
        url: '/api/brevo/create-user',
        payload: { email: 'ana@example.com', name: 'Ana' },
      });
      expect(created.statusCode).toBe(200);
      const log = await calls();
      expect(log.adapter).toBe('local');
      expect(log.calls[0]).toMatchObject({ operation: 'createContact', request: { extId: uid, email: 'ana@example.com', name: 'Ana' } });

      expect((await agent.request({ method: 'GET', url: '/api/brevo/get-user' })).json()).toEqual({
        contact: { email: 'ana@example.com', name: 'Ana', emailBlacklisted: false },
      });
      expect((await agent.request({ method: 'PUT', url: '/api/brevo/update-user', payload: { name: 'Ana Maria' } })).statusCode).toBe(200);
      expect(
        (await agent.request({ method: 'PATCH', url: '/api/brevo/update-blacklist', payload: { emailBlacklisted: true } })).statusCode,
      ).toBe(200);
      expect((await agent.request({ method: 'GET', url: '/api/brevo/get-user' })).json().contact).toEqual({
        email: 'ana@example.com',
        name: 'Ana Maria',
        emailBlacklisted: true,
      });
      expect((await calls()).calls.slice(0, 3).map((c: { operation: string }) => c.operation)).toEqual([
        'getContact',
        'updateContact',
        'updateContact',
      ]);

      // Another user never reaches Ana's contact.
      const other = as().agent;
      expect((await other.request({ method: 'GET', url: '/api/brevo/get-user' })).json()).toEqual({ contact: null });
      const notOnList = await other.request({ method: 'DELETE', url: '/api/brevo/delete-user' });
      expect(notOnList.statusCode).toBe(404);
      expect(notOnList.json().message).toBe('You are not on the mailing list.');

      expect((await agent.request({ method: 'DELETE', url: '/api/brevo/delete-user' })).statusCode).toBe(200);
      expect((await agent.request({ method: 'GET', url: '/api/brevo/get-user' })).json()).toEqual({ contact: null });
    });

    it('refuses bad contact input and callers without a session; the call log is for admins only', async () => {
      const { agent } = as();
      const bad = await agent.request({ method: 'POST', url: '/api/brevo/create-user', payload: { email: 'nope' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('The email address is not valid.');
      const empty = await agent.request({ method: 'PUT', url: '/api/brevo/update-user', payload: {} });
      expect(empty.json().message).toBe('Nothing to update');
      expect((await t.agent().request({ method: 'GET', url: '/api/brevo/get-user' })).statusCode).toBe(401);
      const log = await agent.request({ method: 'GET', url: '/api/admin/brevo/calls' });
      expect(log.statusCode).toBe(403);
    });
  });

  describe('support form', () => {
    const message = { name: 'Ana', email: 'ana@example.com', message: 'The reader does not load.' };
    const send = (route: 'admin' | 'user', payload: object, ip: string) =>
      t.agent().request({ method: 'POST', url: `/api/brevo/send-support-${route}`, payload, remoteAddress: ip });

    it('sends the message to the support team and a confirmation to the sender, without a session', async () => {
      const toTeam = await send('admin', message, '10.0.0.1');
      expect(toTeam.statusCode).toBe(200);
      const toSender = await send('user', message, '10.0.0.1');
      expect(toSender.statusCode).toBe(200);
      const { calls } = (await as('Admin').agent.request({ method: 'GET', url: '/api/admin/brevo/calls' })).json();
      expect(calls[1]).toMatchObject({
        operation: 'sendEmail',
        request: {
          to: { email: 'support@verba.example' },
          replyTo: { email: 'ana@example.com', name: 'Ana' },
          subject: 'Support request from Ana',
        },
      });
      expect(calls[1].request.text).toContain('The reader does not load.');
      expect(calls[0]).toMatchObject({
        operation: 'sendEmail',
        request: { to: { email: 'ana@example.com', name: 'Ana' }, subject: 'We received your message' },
      });
    });

    it.each([
      [{ ...message, name: '  ' }, SUPPORT_MESSAGES.nameRequired],
      [{ email: message.email, message: message.message }, SUPPORT_MESSAGES.nameRequired],
      [{ ...message, email: '' }, SUPPORT_MESSAGES.emailRequired],
      [{ ...message, email: 'ana@' }, 'The email address is not valid.'],
      [{ ...message, message: '' }, SUPPORT_MESSAGES.messageRequired],
      [{ ...message, message: 'x'.repeat(5001) }, SUPPORT_MESSAGES.messageTooLong],
      [{ ...message, name: 'x'.repeat(101) }, SUPPORT_MESSAGES.nameTooLong],
    ])('refuses %j with "%s" and sends nothing', async (payload, expected) => {
      const before = (await as('Admin').agent.request({ method: 'GET', url: '/api/admin/brevo/calls' })).json().calls.length;
      const res = await send('admin', payload, '10.0.0.2');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(expected);
      expect((await as('Admin').agent.request({ method: 'GET', url: '/api/admin/brevo/calls' })).json().calls.length).toBe(before);
    });

    it('names every missing field at once', async () => {
      const res = await send('user', {}, '10.0.0.3');
      expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
        SUPPORT_MESSAGES.nameRequired,
        SUPPORT_MESSAGES.emailRequired,
        SUPPORT_MESSAGES.messageRequired,
      ]);
    });

    it(`allows ${SUPPORT_RATE_LIMIT.perIp} messages an hour from one IP address, then says to wait`, async () => {
      const from = (n: number) => ({ ...message, email: `ip-limit-${n}@example.com` });
      for (let i = 0; i < SUPPORT_RATE_LIMIT.perIp; i++) expect((await send('admin', from(i), '10.0.0.9')).statusCode).toBe(200);
      const blocked = await send('admin', from(99), '10.0.0.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(SUPPORT_MESSAGES.tooMany);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
      // Another address, and the confirmation route, still have their own allowance.
      expect((await send('admin', from(100), '10.0.0.10')).statusCode).toBe(200);
      expect((await send('user', from(101), '10.0.0.9')).statusCode).toBe(200);
    });

    it(`allows ${SUPPORT_RATE_LIMIT.perAddress} messages an hour for one email address, whatever IP addresses send them`, async () => {
      const victim = { ...message, email: 'Victim@Example.com' };
      for (let i = 0; i < SUPPORT_RATE_LIMIT.perAddress; i++) expect((await send('user', victim, `10.1.0.${i}`)).statusCode).toBe(200);
      const before = (await as('Admin').agent.request({ method: 'GET', url: '/api/admin/brevo/calls' })).json().calls.length;
      const blocked = await send('user', { ...victim, email: ' victim@example.com' }, '10.1.0.200');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(SUPPORT_MESSAGES.tooMany);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
      expect((await as('Admin').agent.request({ method: 'GET', url: '/api/admin/brevo/calls' })).json().calls.length).toBe(before);
      expect((await send('user', { ...message, email: 'someone-else@example.com' }, '10.1.0.201')).statusCode).toBe(200);
    });

    it(`allows ${SUPPORT_RATE_LIMIT.perAccount} messages an hour from one signed-in account, whatever addresses it gives`, async () => {
      const { agent } = as();
      const post = (n: number) =>
        agent.request({
          method: 'POST',
          url: '/api/brevo/send-support-admin',
          payload: { ...message, email: `account-${n}@example.com` },
          remoteAddress: `10.2.0.${n}`,
        });
      for (let i = 0; i < SUPPORT_RATE_LIMIT.perAccount; i++) expect((await post(i)).statusCode).toBe(200);
      const blocked = await post(99);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(SUPPORT_MESSAGES.tooMany);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
      expect(
        (await as().agent.request({ method: 'POST', url: '/api/brevo/send-support-admin', payload: message, remoteAddress: '10.2.0.100' }))
          .statusCode,
      ).toBe(200);
    });
  });
});
