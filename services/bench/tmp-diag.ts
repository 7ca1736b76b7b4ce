import pg from 'pg';
import { withScratchDatabases } from './lib/scratch-db';
import { eventStoreDdl } from '../src/platform/event-store/postgres/schema';
import { openOurs } from './event-store/ours';
import { runWriters } from './event-store/workload';

// Same function, idempotency lookups through a uuid[] (= any) instead of IN (select ... jsonb_array_elements)
const patched = eventStoreDdl
  .replace('  v_actual text;\nbegin', '  v_actual text;\n  v_ids uuid[] := array(select (x->>\'id\')::uuid from jsonb_array_elements(p_events) x);\nbegin')
  .replaceAll("e.event_id in (select (x->>'id')::uuid from jsonb_array_elements(p_events) x)", 'e.event_id = any(v_ids)');
if (!patched.includes('any(v_ids)')) throw new Error('patch failed');
const fnOnly = patched.slice(patched.indexOf('create or replace function es_append'));

const variants = (process.argv[2] ?? 'orig:on,patched:on,patched:off').split(',');
const perWriter = Number(process.argv[3] ?? 2000);
for (const v of variants) {
  const [fn, sync] = v.split(':');
  await withScratchDatabases(['diag'], async ({ diag }) => {
    const u = new URL(diag!);
    if (sync === 'off') u.searchParams.set('options', '-c synchronous_commit=off');
    const ours = await openOurs(u.toString(), 10);
    if (fn === 'patched') {
      const c = new pg.Client({ connectionString: diag! });
      await c.connect();
      await c.query(fnOnly);
      await c.end();
    }
    const lengths = new Map<string, number>();
    const spec = { writers: 8, streamsPerWriter: 100, eventsPerAppend: 1, prefix: 'bench' };
    await runWriters(ours, { ...spec, appendsPerWriter: 300 }, lengths);
    const r = await runWriters(ours, { ...spec, appendsPerWriter: perWriter }, lengths);
    const b = await runWriters(ours, { ...spec, eventsPerAppend: 10, prefix: 'batch', appendsPerWriter: 600 }, lengths);
    console.error(
      `${v}: x1 ${Math.round(r.eventsPerSec)} ev/s p50 ${r.p50Ms.toFixed(2)} p99 ${r.p99Ms.toFixed(2)} node ${r.cpu.processPctOfCore.toFixed(0)}% machine ${r.cpu.machineBusyPct?.toFixed(0)}%` +
        ` | x10 ${Math.round(b.eventsPerSec)} ev/s p99 ${b.p99Ms.toFixed(2)} node ${b.cpu.processPctOfCore.toFixed(0)}% machine ${b.cpu.machineBusyPct?.toFixed(0)}%`,
    );
    await ours.close();
  });
}
