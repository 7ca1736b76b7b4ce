import { load, markRequests } from '../lib/mark-load';

export interface Session {
  cookie: string;
  csrf: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * Registers, follows the verification link and signs in. The link is read from the dev mailbox route
 * (`npm start` runs in development, and the embedded database is reachable only through the process).
 */
export async function signUpAndIn(base: string, email: string, password: string): Promise<Session> {
  const up = await fetch(`${base}/api/sign-up`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password }) });
  if (up.status !== 201) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  let token: string | null = null;
  for (let i = 0; i < 400 && !token; i++) {
    const mail = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
      messages?: { text: string }[];
    };
    const link = mail.messages?.map((m) => /https?:\/\/\S+/.exec(m.text)?.[0]).find(Boolean);
    token = link ? new URL(link).searchParams.get('token') : null;
    if (!token) await new Promise((r) => setTimeout(r, 25));
  }
  if (!token) throw new Error(`no verification mail for ${email}`);
  const verified = await fetch(`${base}/api/verify-email`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ token }) });
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
  const res = await fetch(`${base}/api/sign-in`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { cookie: cookies.join('; '), csrf: cookies.find((c) => c.startsWith('verba_csrf='))!.split('=')[1]! };
}

export type { Load as MarkPhase } from '../lib/mark-load';

/**
 * The API benchmark's mark load (bench/api.ts): PATCH /api/dictionary/word over `connections`
 * connections, each request a new word for one of the learners. `prefix` keeps phases' words apart.
 */
export const markLoad = (base: string, sessions: Session[], seconds: number, prefix: string, connections = 32) =>
  load(base, sessions, seconds, markRequests(prefix), connections);
