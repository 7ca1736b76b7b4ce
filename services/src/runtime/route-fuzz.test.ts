/**
 * Schema-driven fuzzing of every route of the contracts route table: requests generated from the route's
 * own zod schemas with fast-check (valid values, boundaries, wrong types, huge and hostile text, NUL, lone
 * surrogates, prototype keys). No answer may be a 5xx or show a stack trace or SQL, and a refused (4xx)
 * request must append nothing to the log. A failure prints fast-check's shrunk counterexample.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { leakIn, requestsFor, takesCommandId, withCommandId, type FuzzRequest } from '../../test-support/fuzz/requests';
import { contractRoutes } from '../../test-support/security/route-table';
import { signInSeededAdmin, signInSeededOwner, signUpVerified } from '../../test-support/contexts/identity/accounts';
import { appendedBy } from '../../test-support/platform/whole-log';
import { allModules } from './modules';
import { seedIfEmpty } from './seed';

const database = await preferredTestDatabase();
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Commands that write several streams, one item each, or set up the caller's own records first (checkout's customer). */
const BULK = new Set([
  'PATCH /api/dictionary',
  'POST /api/dictionary/add-many',
  'POST /api/flashcards',
  'POST /api/flashcards/chapter',
  'PATCH /api/flashcards',
  'POST /api/premium/checkout',
]);

/** Routes whose success ends the caller's session: the next request needs a new learner. */
const ENDS_SESSION = new Set(['POST /api/sign-out', 'DELETE /api/user', 'POST /api/user/change-password']);

describe(`fuzzing every route from its schemas on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Agent;
  let learner: Agent | undefined;
  let signUps = 0;

  /**
   * Each learner signs up and calls from an address of its own, and public routes are called from a fresh
   * address each time: fuzzing sign-in fails many passwords, and the sign-in throttle rightly blocks an
   * address that does (a learner then could not sign in, which is not what is tested here).
   */
  const addressFor = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  let addresses = 0;

  async function newLearner(): Promise<Agent> {
    const email = `fuzz-${++signUps}-${randomUUID().slice(0, 8)}@example.org`;
    return (await signUpVerified(t, email, 'Correct-horse-9', 'Fuzz Learner', t.agent().from(addressFor(++addresses)))).agent;
  }

  beforeAll(async () => {
    t = await createTestApp(await database.create(), allModules);
    const seeded = await seedIfEmpty(t.deps, allModules);
    admin = await signInSeededAdmin(t, seeded);
    owner = await signInSeededOwner(t, seeded);
    await t.caughtUp();
  }, 120_000);

  afterAll(async () => {
    console.log(
      `route fuzzing: ${contractRoutes.length} routes x ${RUNS} requests = ${contractRoutes.length * RUNS} requests (${signUps} learners signed up)`,
    );
    await t?.close();
  });

  /** Sends one generated request; returns what is wrong with the answer, or nothing. */
  async function problemWith(key: string, access: string, request: FuzzRequest): Promise<string | undefined> {
    const agent =
      access === 'admin' ? admin : access === 'public' ? t.agent().from(addressFor(++addresses)) : (learner ??= await newLearner());
    const requestId = `fuzz-${randomUUID()}`;
    const res = await agent.request({ ...request, headers: { ...request.headers, 'x-request-id': requestId } });
    if (ENDS_SESSION.has(key) && res.statusCode < 300) learner = undefined;
    if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
    if (res.statusCode >= 400) {
      const leak = leakIn(res.body);
      if (leak) return `answer shows internals (${leak}): ${res.body.slice(0, 300)}`;
      if ((await appendedBy(t.platform.db, requestId)) > 0)
        return `refused with ${res.statusCode} but appended events: ${res.body.slice(0, 200)}`;
    }
    return undefined;
  }

  /** A second caller of each kind, for command ids one caller used and another sends again. */
  let otherLearner: Agent | undefined;
  /** The types of the events the request with this id appended (its correlationId), for a failure's message. */
  const typesAppendedBy = async (requestId: string) =>
    (await t.platform.db.raw("select type from es_events where metadata->>'correlationId' = ?", [requestId])).rows.map(
      (r: { type: string }) => r.type,
    ) as string[];

  /**
   * The same command id sent again by its caller (a retry) and by another user: never a 5xx nor internals,
   * and the other user's refusal of a one-stream command appends nothing. (A bulk command writes each item
   * to its own stream: items whose ids are new to the log are the other user's own, written before the
   * reused one is refused.)
   */
  async function reuseProblem(key: string, access: string, request: FuzzRequest): Promise<string | undefined> {
    const first = access === 'admin' ? admin : (learner ??= await newLearner());
    const other = access === 'admin' ? owner : (otherLearner ??= await newLearner());
    for (const agent of [first, first]) {
      const res = await agent.request(request);
      if (ENDS_SESSION.has(key) && res.statusCode < 300) learner = undefined;
      if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
    }
    // Counted by the request's own id, not by user: a reactor may append for the other user meanwhile.
    const requestId = `fuzz-${randomUUID()}`;
    const res = await other.request({ ...request, headers: { ...request.headers, 'x-request-id': requestId } });
    if (res.statusCode >= 500)
      return `another user's request with the same command id answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
    const leak = leakIn(res.body);
    if (leak) return `answer shows internals (${leak}): ${res.body.slice(0, 300)}`;
    if (res.statusCode >= 400 && !BULK.has(key) && (await appendedBy(t.platform.db, requestId)) > 0)
      return `another user's request with the same command id was refused with ${res.statusCode} but appended ${(
        await typesAppendedBy(requestId)
      ).join(', ')}`;
    return undefined;
  }

  for (const { key, route } of contractRoutes.filter((r) => r.route.access !== 'public' && takesCommandId(r.route))) {
    it(`${key}: a command id sent again, by its caller and by another user, never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (request) => {
          const wrong = await reuseProblem(key, route.access, withCommandId(request, randomUUID()));
          if (wrong) throw new Error(wrong);
        }),
        { numRuns: Math.max(10, Math.round(RUNS / 4)) },
      );
    }, 120_000);
  }

  for (const { key, route } of contractRoutes) {
    it(`${key}: ${RUNS} generated requests, no 5xx, no internals, nothing appended when refused`, async () => {
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (request) => {
          const wrong = await problemWith(key, route.access, request);
          if (wrong) throw new Error(wrong);
        }),
        { numRuns: RUNS },
      );
    }, 120_000);
  }
});
