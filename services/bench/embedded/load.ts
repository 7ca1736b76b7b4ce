import autocannon from 'autocannon';

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

export interface MarkPhase {
  rps: number;
  p99: number;
  errors: number;
}

/**
 * The API benchmark's mark load (bench/api.ts): PATCH /api/dictionary/word over `connections`
 * connections, each request a new word for one of the learners. `prefix` keeps phases' words apart.
 */
export function markLoad(base: string, sessions: Session[], seconds: number, prefix: string, connections = 32): Promise<MarkPhase> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: () => {
              const i = n++;
              const s = sessions[i % sessions.length]!;
              return {
                method: 'PATCH',
                path: '/api/dictionary/word',
                headers: { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' },
                body: JSON.stringify({ languageCode: 'de', word: { value: `${prefix}${i}`, status: i % 3 === 0 ? 'uncertain' : 'known' } }),
              };
            },
          },
        ],
      },
      (err, result) =>
        err
          ? reject(err)
          : resolve({ rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx }),
    );
  });
}
