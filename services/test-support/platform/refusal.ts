import { expect } from 'vitest';
import { HttpError } from '../../src/platform/http/problem';

/** The HttpError a run is refused with (a pool job's budget, a parser's clear 4xx), as status and message. */
export async function refusal(run: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, message: (error as HttpError).message };
}
