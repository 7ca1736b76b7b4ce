import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../../test-support/platform/test-app';
import { AVATAR_TOO_LARGE, AVATAR_WRONG_TYPE } from '../domain/avatars';
import { identityModule } from '../module';
import { signUpVerified } from '../../../../test-support/contexts/identity/accounts';
import { multipart } from '../../../../test-support/platform/multipart';

const database = await preferredTestDatabase();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);

describe(`profile image on ${database.label}`, () => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [identityModule]);
    ({ agent } = await signUpVerified(t, `avatar.${Date.now()}@example.org`, 'correct horse battery'));
  });
  afterAll(async () => t?.close());

  const upload = (files: Parameters<typeof multipart>[0]) =>
    agent.request({ method: 'POST', url: '/api/user/avatar', ...multipart(files) });

  it('takes exactly one png or jpeg and serves it back', async () => {
    expect((await upload([{ filename: 'me.png', type: 'image/png', bytes: PNG }])).statusCode).toBe(200);
    const got = await agent.request({ method: 'GET', url: '/api/user/avatar' });
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await agent.request({ method: 'GET', url: '/api/user/profile' })).json().hasAvatar).toBe(true);
    expect((await upload([{ filename: 'me.jpg', type: 'image/jpeg', bytes: JPEG }])).statusCode).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/user/avatar' })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses no file, two files, a non-image and a file over 4194304 bytes, keeping the old image', async () => {
    const cases: Array<[Parameters<typeof multipart>[0], string]> = [
      [[], MESSAGES.form.fileRequired],
      [
        [
          { filename: 'a.png', type: 'image/png', bytes: PNG },
          { filename: 'b.png', type: 'image/png', bytes: PNG },
        ],
        MESSAGES.form.fileRequired,
      ],
      [[{ filename: 'evil.png', type: 'image/png', bytes: Buffer.from('<svg onload=alert(1)>') }], AVATAR_WRONG_TYPE],
      [[{ filename: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(4_194_304)]) }], AVATAR_TOO_LARGE],
    ];
    for (const [files, message] of cases) {
      const res = await upload(files);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const json = await agent.request({ method: 'POST', url: '/api/user/avatar', payload: { file: 'x' } });
    expect(json.json().message).toBe(MESSAGES.form.fileRequired);
    expect((await agent.request({ method: 'GET', url: '/api/user/avatar' })).headers['content-type']).toBe('image/jpeg');
  });

  it('needs a session and the CSRF header, and goes with the account', async () => {
    expect(
      (
        await t
          .agent()
          .request({ method: 'POST', url: '/api/user/avatar', ...multipart([{ filename: 'a.png', type: 'image/png', bytes: PNG }]) })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await agent.request({
          method: 'POST',
          url: '/api/user/avatar',
          csrf: false,
          ...multipart([{ filename: 'a.png', type: 'image/png', bytes: PNG }]),
        })
      ).statusCode,
    ).toBe(403);
    await agent.request({ method: 'DELETE', url: '/api/user' });
    expect(await t.platform.db('identity_avatars').count({ n: '*' }).first()).toEqual({ n: '0' });
  });
});
