import autocannon from 'autocannon';
import type { Session } from '../api/server';

/** The load a phase ran: requests a second, p99 latency (ms), failed requests, and how many answered. */
export interface Load {
  rps: number;
  p99: number;
  errors: number;
  total: number;
}

/** `connections` autocannon connections for `seconds`, each request from `request` for one of the sessions in turn. */
export function load(
  base: string,
  sessions: Session[],
  seconds: number,
  request: (s: Session, n: number) => autocannon.Request,
  connections: number,
): Promise<Load> {
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
              return request(sessions[i % sessions.length]!, i);
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          rps: result.requests.average,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts + result.non2xx,
          total: result.requests.total,
        });
      },
    );
  });
}

export const headersOf = (s: Session) => ({ cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' });

/** New words each call, so every mark changes the dictionary (an unchanged mark appends nothing). */
export function markRequests(prefix: string) {
  return (s: Session, i: number): autocannon.Request => ({
    method: 'PATCH',
    path: '/api/dictionary/word',
    headers: headersOf(s),
    body: JSON.stringify({ languageCode: 'de', word: { value: `${prefix}${i}`, status: i % 3 === 0 ? 'uncertain' : 'known' } }),
  });
}
