/**
 * The restore drill (issue 44, item 5), on both engines: under a steady write load a backup is taken
 * and writing goes on; the backup is restored into a fresh database and data directory (as `restore`
 * does it) and a service is started on it. Every write acknowledged before the backup began is there,
 * the read models equal a rebuild from the restored log, and the service serves reads and writes.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngines, type TestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { signUpVerified } from '../../test-support/contexts/identity/accounts';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { makeBackup } from '../platform/backup/backup';
import { restoreCommand } from './backup-cli';
import { allModules } from './modules';

const SECRET_KEY = 'test-secret-key-that-is-long-enough-0123456789';
const word = (i: number) => `drill${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`;

/** Every read model, as its view shows it, rows in a stable order. */
async function readModels(t: TestApp): Promise<Record<string, string[]>> {
  const views: string[] = (
    await t.platform.db.raw(`select viewname from pg_views where schemaname = current_schema() order by 1`)
  ).rows.map((r: { viewname: string }) => r.viewname);
  const out: Record<string, string[]> = {};
  for (const view of views) {
    const { rows } = await t.platform.db.raw(`select row_to_json(v)::text as j from "${view}" v`);
    out[view] = rows.map((r: { j: string }) => r.j).sort();
  }
  return out;
}

const engines = await testEngines();

describe.each(engines)('restore drill on $label', (engine) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it.skipIf(engine.skipReason)(
    `restores every acknowledged write and serves ${engine.skipReason ?? ''}`,
    async () => {
      const work = mkdtempSync(path.join(tmpdir(), 'verba-drill-'));
      cleanup.push(() => rmSync(work, { recursive: true, force: true }));
      const sourceData = path.join(work, 'source');
      mkdirSync(path.join(sourceData, 'images', 'ab'), { recursive: true });
      writeFileSync(path.join(sourceData, 'images', 'ab', 'cover.webp'), Buffer.from([1, 2, 3, 4]));

      const sourceDb = await engine.create();
      const source = await createTestApp(sourceDb, allModules);
      cleanup.push(() => source.close());
      const email = `drill.${randomUUID()}@example.com`;
      const { agent } = await signUpVerified(source, email, 'Correct-horse-9', 'Drill Learner');

      // A steady load: one word marked Known a request, each acknowledged before the next.
      const acknowledged: { value: string; at: number }[] = [];
      let stop = false;
      const load = (async () => {
        for (let i = 0; !stop; i++) {
          const value = word(i);
          const res = await agent.request({
            method: 'PATCH',
            url: '/api/dictionary',
            payload: { languageCode: 'de', words: [{ value, status: 'known' }] },
          });
          expect(res.statusCode).toBe(200);
          acknowledged.push({ value, at: Date.now() });
        }
      })();
      while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 10));

      const backupStarted = Date.now();
      const before = acknowledged.filter((a) => a.at < backupStarted).map((a) => a.value);
      const file = path.join(work, 'verba.backup.gz');
      const made = await makeBackup(
        { connectionString: sourceDb.connectionString, embedded: !sourceDb.namedStatements, dataDir: sourceData, mediaInDataDir: true },
        file,
      );
      const countAtBackupEnd = acknowledged.length;
      while (acknowledged.length < countAtBackupEnd + 10) await new Promise((r) => setTimeout(r, 10));
      stop = true;
      await load;
      expect(made.rows.es_events).toBeGreaterThan(before.length);
      expect(made.files).toBe(1);

      // Restore into a fresh database and data directory, as `restore FILE` does.
      const targetDb: TestDatabase = await engine.create();
      const targetData = path.join(work, 'target');
      const config = loadConfig({
        DATABASE_URL: targetDb.connectionString,
        DATA_DIR: targetData,
        SECRET_KEY,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
      });
      expect(await restoreCommand([file], config, createLogger('silent'), allModules)).toBe(0);
      expect([...readFileSync(path.join(targetData, 'images', 'ab', 'cover.webp'))]).toEqual([1, 2, 3, 4]);

      // A second restore into the same database is refused and changes nothing.
      expect(await restoreCommand([file], config, createLogger('silent'), allModules)).toBe(1);

      const restored = await createTestApp(targetDb, allModules);
      cleanup.push(() => restored.close());
      const learner: Agent = restored.agent();
      const signIn = await learner.request({ method: 'POST', url: '/api/sign-in', payload: { email, password: 'Correct-horse-9' } });
      expect(signIn.statusCode).toBe(200);
      const words = (await learner.request({ method: 'GET', url: '/api/dictionary?languageCode=de' })).json().words as { value: string }[];
      const have = new Set(words.map((w) => w.value));
      expect(before.filter((v) => !have.has(v))).toEqual([]);
      // A point in time: the writes acknowledged after the backup ended are not in it.
      expect(acknowledged.slice(countAtBackupEnd).filter((a) => have.has(a.value))).toEqual([]);

      // Read models equal a rebuild from the restored log.
      const served = await readModels(restored);
      for (const p of allModules.flatMap((m) => m.projections ?? [])) await restored.platform.runner.rebuild(p.name);
      expect(await readModels(restored)).toEqual(served);

      // It serves writes after the restored log: a new mark is read back (projectors see events appended after it).
      const marked = await learner.request({
        method: 'PATCH',
        url: '/api/dictionary',
        payload: { languageCode: 'de', words: [{ value: 'nachher', status: 'uncertain' }] },
      });
      expect(marked.statusCode).toBe(200);
      const after = (
        await learner.request({ method: 'GET', url: `/api/dictionary?languageCode=de&minPosition=${marked.json().position}` })
      ).json().words as { value: string; status: string }[];
      expect(after.find((w) => w.value === 'nachher')?.status).toBe('uncertain');
      expect(existsSync(path.join(targetData, 'secret-key'))).toBe(false); // SECRET_KEY set: no generated key travels
    },
    240_000,
  );
});
