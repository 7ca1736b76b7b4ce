/**
 * A parser's refusal of its input, thrown inside a worker of the untrusted pool: a status (4xx) and the
 * message a learner reads. Plain data, so it crosses the thread boundary without the HTTP layer's classes.
 */
export class Refused extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** What a job answers across the thread boundary: its value, or a refusal (a message, or the budget it broke). */
export type Outcome<T = unknown> =
  { ok: true; value: T } | { ok: false; status: number; message: string } | { ok: false; budget: 'output' | 'unreadable' };
