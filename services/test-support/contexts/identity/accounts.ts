import { expect } from 'vitest';
import type { Agent, TestApp } from '../../platform/test-app';

/** The newest dev-mailbox message to `email` whose subject matches, waiting for the reactor to send it. */
export async function awaitMail(
  t: TestApp,
  email: string,
  subject: RegExp,
  after = 0,
): Promise<{ text: string; link: string; token: string }> {
  // The mail reactor sends in batches a tenth of a second apart; a loaded CI machine can take seconds more.
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const res = await t.agent().request({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
    const messages = (res.json().messages as Array<{ subject: string; text: string }>).filter((m) => subject.test(m.subject));
    if (messages.length > after) {
      const text = messages[0]!.text;
      const link = /https?:\/\/\S+/.exec(text)![0];
      return { text, link, token: new URL(link).searchParams.get('token')! };
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

/** Signs up, follows the emailed verification link and signs in, as a browser would (with `agent`'s address, if given). */
export async function signUpVerified(
  t: TestApp,
  email: string,
  password: string,
  name = 'Ada Lovelace',
  agent: Agent = t.agent(),
): Promise<{ agent: Agent; uid: string }> {
  const up = await agent.request({ method: 'POST', url: '/api/sign-up', payload: { email, password, name } });
  expect(up.statusCode).toBe(201);
  const { token } = await awaitMail(t, email, /Confirm your email/);
  expect((await agent.request({ method: 'POST', url: '/api/verify-email', payload: { token } })).statusCode).toBe(200);
  const res = await agent.request({ method: 'POST', url: '/api/sign-in', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return { agent, uid: up.json().user.uid };
}

/** Signs in as the admin the demo seed made, from the lines the seed printed ("admin <email> <password>"). */
export async function signInSeededAdmin(t: TestApp, seedLines: readonly string[]): Promise<Agent> {
  const [, email, password] = /admin\s+(\S+@\S+)\s+(\S+)/.exec(seedLines.join('\n'))!;
  const admin = t.agent();
  expect((await admin.request({ method: 'POST', url: '/api/sign-in', payload: { email, password } })).statusCode).toBe(200);
  return admin;
}

/** Signs in as the Owner the demo seed made ("owner <email> <password>"): only an Owner changes roles. */
export async function signInSeededOwner(t: TestApp, seedLines: readonly string[]): Promise<Agent> {
  const [, email, password] = /owner\s+(\S+@\S+)\s+(\S+)/.exec(seedLines.join('\n'))!;
  const owner = t.agent();
  expect((await owner.request({ method: 'POST', url: '/api/sign-in', payload: { email, password } })).statusCode).toBe(200);
  return owner;
}
