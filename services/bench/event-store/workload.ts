import { startCpuSample, type CpuShare } from '../lib/cpu';
import { Latencies, perSecond } from '../lib/stats';
import { payload, type Contender } from './contender';

export interface WriteSpec {
  writers: number;
  appendsPerWriter: number;
  eventsPerAppend: number;
  /** Writer w appends to `${prefix}-${w}-${k}`, k rotating over this many streams. */
  streamsPerWriter: number;
  prefix: string;
  /** Safety cap: writers stop starting appends after this long (the result says so). */
  maxMs?: number;
}

export interface WriteResult {
  events: number;
  appends: number;
  ms: number;
  eventsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  cpu: CpuShare;
  /** True when the time cap stopped the phase before its count. */
  capped: boolean;
}

/**
 * Concurrent writers, each on its own streams, each awaiting its append before the next. `lengths` is
 * the client-side count of events per stream, from which every append's exact expected version comes.
 */
export async function runWriters(c: Contender, spec: WriteSpec, lengths: Map<string, number>): Promise<WriteResult> {
  const latencies = new Latencies(spec.writers * spec.appendsPerWriter);
  const deadline = performance.now() + (spec.maxMs ?? Infinity);
  let appends = 0;
  const writer = async (w: number): Promise<void> => {
    for (let i = 0; i < spec.appendsPerWriter && performance.now() < deadline; i++) {
      const stream = `${spec.prefix}-${w}-${i % spec.streamsPerWriter}`;
      const length = lengths.get(stream) ?? 0;
      const payloads = Array.from({ length: spec.eventsPerAppend }, (_, j) => payload(w, length + j));
      const t0 = performance.now();
      await c.append(stream, payloads, length);
      latencies.add(performance.now() - t0);
      lengths.set(stream, length + spec.eventsPerAppend);
      appends++;
    }
  };
  const cpu = startCpuSample();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: spec.writers }, (_, w) => writer(w)));
  const ms = performance.now() - t0;
  const events = appends * spec.eventsPerAppend;
  return {
    events,
    appends,
    ms,
    eventsPerSec: perSecond(events, ms),
    p50Ms: latencies.percentile(50),
    p99Ms: latencies.percentile(99),
    cpu: cpu(),
    capped: appends < spec.writers * spec.appendsPerWriter,
  };
}

export interface ReadResult {
  events: number;
  /** Events in the log; a reader that returns more read some twice. */
  expected: number;
  /** Empty pages while another transaction in the cluster held the visibility horizon back. */
  waits: number;
  ms: number;
  eventsPerSec: number;
}

export async function timeReadAll(c: Contender, pageSize: number, expected: number): Promise<ReadResult> {
  const t0 = performance.now();
  const { events, waits } = await c.readAll(pageSize, expected);
  const ms = performance.now() - t0;
  return { events, expected, waits, ms, eventsPerSec: perSecond(events, ms) };
}

export function totalEvents(lengths: Map<string, number>): number {
  let n = 0;
  for (const v of lengths.values()) n += v;
  return n;
}

/** What a `writes` worker reports for one store. */
export interface WritesResult {
  append: WriteResult;
  batch10: WriteResult;
  read: ReadResult;
  /** Ours only: what the log's visibility horizon query costs (bench/event-store/horizon-cost.ts). */
  horizon?: { horizonUs: number; xminUs: number };
}
