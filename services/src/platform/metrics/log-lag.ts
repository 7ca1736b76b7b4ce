import type { EventStore, Position } from '../event-store/port';
import { comparePositions } from '../event-store/port';
import { METRICS } from './catalog';
import { scrapedGauge } from './registry';

/** Where the followers this process runs stand in the log: its projections by name, and its relay. */
export interface FollowerPositions {
  projections(): ReadonlyMap<string, Position>;
  relay(): Position | undefined;
}

export interface LagSource {
  store: Pick<EventStore, 'readAll' | 'headPosition'>;
  followers: FollowerPositions;
  /** Untrusted-input jobs waiting or running. */
  untrustedJobs(): number;
}

/** A scrape reads at most this many events past the slowest follower: lag beyond it is reported as this. */
export const LAG_SCAN_EVENTS = 5000;

export interface Lag {
  events: number;
  seconds: number;
}
export interface Probe {
  head: Position;
  projections: Map<string, Lag>;
  relay: Lag | undefined;
}

const sources = new Set<LagSource>();
let probing: { at: number; result: Promise<Probe[]> } | undefined;

/** Measured at scrape time only (nobody scraping: no reads), from the log itself, so any role reports the same way. */
export function observeLag(source: LagSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

/** Where the followers stand against the log's head now (readiness answers with it too). */
export async function probeLag(source: LagSource): Promise<Probe> {
  const head = await source.store.headPosition();
  const projections = source.followers.projections();
  const relay = source.followers.relay();
  const all = [...projections.values(), ...(relay ? [relay] : [])];
  const slowest = all.reduce<Position | undefined>((min, p) => (!min || comparePositions(p, min) < 0 ? p : min), undefined);
  const behind =
    slowest && comparePositions(slowest, head) < 0 ? await source.store.readAll({ after: slowest, maxCount: LAG_SCAN_EVENTS }) : [];
  const now = Date.now();
  const lagOf = (at: Position): Lag => {
    const waiting = behind.filter((e) => comparePositions(e.position, at) > 0);
    return { events: waiting.length, seconds: waiting.length ? Math.max(0, (now - waiting[0]!.createdAt.getTime()) / 1000) : 0 };
  };
  return {
    head,
    projections: new Map([...projections].map(([name, at]) => [name, lagOf(at)])),
    relay: relay ? lagOf(relay) : undefined,
  };
}

/** One probe per scrape: every gauge below asks within the same moment. */
function probes(): Promise<Probe[]> {
  const now = Date.now();
  if (!probing || now - probing.at > 500) probing = { at: now, result: Promise.all([...sources].map(probeLag)) };
  return probing.result;
}

scrapedGauge(METRICS.headPosition, async function collect() {
  this.reset();
  for (const p of await probes()) this.set(Number(p.head.sequence));
});
scrapedGauge(METRICS.projectionPosition, function collect() {
  this.reset();
  for (const s of sources) for (const [name, at] of s.followers.projections()) this.set({ projection: name }, Number(at.sequence));
});
scrapedGauge(METRICS.projectionLagEvents, async function collect() {
  this.reset();
  for (const p of await probes()) for (const [name, lag] of p.projections) this.set({ projection: name }, lag.events);
});
scrapedGauge(METRICS.projectionLagSeconds, async function collect() {
  this.reset();
  for (const p of await probes()) for (const [name, lag] of p.projections) this.set({ projection: name }, lag.seconds);
});
scrapedGauge(METRICS.relayLag, async function collect() {
  this.reset();
  for (const p of await probes()) if (p.relay) this.set(p.relay.events);
});
scrapedGauge(METRICS.untrustedQueue, function collect() {
  this.reset();
  let jobs = 0;
  for (const s of sources) jobs += s.untrustedJobs();
  this.set(jobs);
});
