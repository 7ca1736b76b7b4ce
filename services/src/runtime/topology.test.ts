import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../test-support/platform/databases';
import { redisReachable, TEST_REDIS_URL } from '../../test-support/platform/redis';
import { kcatInstalled, startMockKafka, type MockKafka } from '../../test-support/platform/kafka-mock';
import { runCommand, startRole, type RoleProcess } from '../../test-support/platform/role-process';

/**
 * The distributed topology on this machine: two api processes, one projector and one relay as child
 * processes on the local PostgreSQL and Redis and librdkafka's mock Kafka cluster. A learner marks words
 * through both api processes alternately and reads each write back on the other one; the projector is
 * killed mid-run and restarted; every word is in the read model once and on Kafka once.
 */
const REDIS_URL = TEST_REDIS_URL;
const postgres = await probeRealPostgres();
const redis = await redisReachable(REDIS_URL);
const kcat = kcatInstalled();
const missing = [!postgres.available && 'PostgreSQL', !redis && `Redis at ${REDIS_URL}`, !kcat && 'kcat (apt-get install kcat)'].filter(
  Boolean,
);
if (missing.length && process.env.CI) throw new Error(`CI needs ${missing.join(', ')} for the topology test`);
const skipReason = missing.length ? `skipped: no ${missing.join(', ')} (CI has them)` : '';

const run = promisify(execFile);
const WORDS = Array.from({ length: 24 }, (_, i) => `topologie${String(i).padStart(2, '0')}`);
const KILL_AFTER = 10;

describe.skipIf(!!skipReason)(`distributed topology: api x2, projector, relay as processes ${skipReason}`, () => {
  let db: TestDatabase;
  let kafka: MockKafka;
  let dataDir: string;
  let env: Record<string, string>;
  const roles: RoleProcess[] = [];
  let apiA: RoleProcess;
  let apiB: RoleProcess;
  let projector: RoleProcess;

  beforeAll(async () => {
    [db, kafka] = await Promise.all([createRealTestDatabase(), startMockKafka()]);
    dataDir = mkdtempSync(path.join(tmpdir(), 'verba-topology-'));
    env = {
      DATABASE_URL: db.connectionString,
      REDIS_URL,
      KAFKA_BROKERS: kafka.bootstrap,
      // One secret for every process: a session cookie made by one api is read by the other.
      SECRET_KEY: randomUUID() + randomUUID(),
      DATA_DIR: dataDir,
    };
    await runCommand('migrate', env);
    const seeded = await runCommand('seed', env);
    learner = /learner\s+(\S+@\S+)\s+(\S+)/.exec(seeded)!.slice(1, 3) as [string, string];
    [apiA, apiB, projector] = await Promise.all([startRole('api', env), startRole('api', env), startRole('projector', env)]);
    roles.push(apiA, apiB, projector, await startRole('relay', env));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(roles.map((r) => r.stop()));
    await kafka?.stop();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  let learner: [string, string];
  const cookies = new Map<string, string>();
  async function call(api: RoleProcess, method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(api.base + url, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookies.has('verba_csrf') ? { 'x-verba-csrf': cookies.get('verba_csrf')! } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${url} on ${api.base}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }
  const mark = async (api: RoleProcess, word: string) =>
    (
      await call(api, 'PATCH', '/api/dictionary/word', {
        languageCode: 'de',
        word: { value: word, status: 'known' },
        commandId: randomUUID(),
      })
    ).position as string;
  const dictionary = async (api: RoleProcess, minPosition: string) =>
    ((await call(api, 'GET', `/api/dictionary?languageCode=de&minPosition=${minPosition}`)).words as { value: string }[]).map(
      (w) => w.value,
    );

  it('writes on one api and reads the write on the other; a killed projector restarts and loses or repeats nothing', async () => {
    const { user } = (await call(apiA, 'POST', '/api/sign-in', { email: learner[0], password: learner[1] })) as { user: { uid: string } };
    let last = '';
    for (const [i, word] of WORDS.entries()) {
      const [writer, reader] = i % 2 === 0 ? [apiA, apiB] : [apiB, apiA];
      last = await mark(writer, word);
      if (i === KILL_AFTER) await projector.kill(); // mid-run, with no chance to finish its batch
      // Read your write on the other process while a projector runs.
      if (i < KILL_AFTER) expect(await dictionary(reader, last)).toContain(word);
    }
    const restarted = await startRole('projector', env);
    roles.push(restarted);
    for (const api of [apiA, apiB]) {
      const words = await dictionary(api, last);
      expect(words.filter((w) => WORDS.includes(w)).sort()).toEqual(WORDS);
      expect(new Set(words).size).toBe(words.length);
    }

    // kcat reads the relay's integration events: each word once, in the order it was marked.
    const published = async () => {
      const { stdout } = await run(
        'kcat',
        ['-C', '-b', kafka.mockAddress, '-t', 'verba.vocabulary', '-o', 'beginning', '-e', '-q', '-f', '%s\n'],
        { timeout: 20_000 },
      );
      return stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id: string; data: { userId: string; word: string } })
        .filter((m) => m.data.userId === user.uid);
    };
    let messages = await published();
    for (let i = 0; messages.length < WORDS.length && i < 40; i++) {
      await new Promise((r) => setTimeout(r, 500));
      messages = await published();
    }
    expect(messages.map((m) => m.data.word)).toEqual(WORDS);
    expect(new Set(messages.map((m) => m.id)).size).toBe(WORDS.length);
  }, 180_000);
});
