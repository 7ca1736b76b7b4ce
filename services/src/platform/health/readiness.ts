import type { Probe } from '../metrics/log-lag';

/** A dependency as readiness found it: reached (with the time it took) or not (with why). */
export type DependencyState = { state: 'up'; ms: number } | { state: 'down'; ms: number; error: string };

export interface Readiness {
  /** 200 when true, else 503. */
  ready: boolean;
  status: 'ready' | 'starting' | 'draining' | 'unavailable';
  role: string;
  /** Each dependency this role needs: database, event store, Redis, Kafka (those configured). */
  dependencies: Record<string, DependencyState>;
  /** Projector and relay roles: how far their followers are behind the log's head. */
  lag?: {
    projections: Record<string, { events: number; seconds: number }>;
    relay?: { events: number; seconds: number };
  };
}

export interface ReadinessOptions {
  role: string;
  phase: () => 'starting' | 'serving' | 'draining';
  /** A check resolves when the dependency answers; each gets CHECK_TIMEOUT_MS. */
  checks: Record<string, () => Promise<unknown>>;
  /** For roles that follow the log: where they stand (reaching the log is then part of readiness). */
  lag?: () => Promise<Probe>;
}

export const CHECK_TIMEOUT_MS = 2000;
/** Probes every few seconds from an orchestrator, a proxy and a dashboard share one round of checks. */
const REUSE_MS = 1000;

async function check(run: () => Promise<unknown>): Promise<DependencyState> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)),
      ),
    ]);
    return { state: 'up', ms: Date.now() - started };
  } catch (error) {
    return { state: 'down', ms: Date.now() - started, error: (error as Error).message || String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /api/ready's answer: what is missing, not only whether. Ready while serving and every dependency answers;
 * a role that follows the log also reports its lag (a follower behind is still ready: it is catching up).
 */
export function readiness(o: ReadinessOptions): () => Promise<Readiness> {
  let last: { at: number; phase: string; answer: Promise<Readiness> } | undefined;
  const evaluate = async (): Promise<Readiness> => {
    const phase = o.phase();
    if (phase !== 'serving') return { ready: false, status: phase, role: o.role, dependencies: {} };
    const names = Object.keys(o.checks);
    const [states, lag] = await Promise.all([
      Promise.all(names.map((n) => check(o.checks[n]!))),
      o.lag
        ? o.lag().then(
            (p) => ({ ok: true as const, p }),
            (e: Error) => ({ ok: false as const, error: e.message }),
          )
        : undefined,
    ]);
    const dependencies: Record<string, DependencyState> = Object.fromEntries(names.map((n, i) => [n, states[i]!]));
    const answer: Readiness = { ready: true, status: 'ready', role: o.role, dependencies };
    if (lag && !lag.ok) dependencies['log'] = { state: 'down', ms: 0, error: lag.error };
    if (lag?.ok) {
      answer.lag = {
        projections: Object.fromEntries(lag.p.projections),
        ...(lag.p.relay ? { relay: lag.p.relay } : {}),
      };
    }
    if (Object.values(dependencies).some((d) => d.state === 'down')) {
      answer.ready = false;
      answer.status = 'unavailable';
    }
    return answer;
  };
  return () => {
    const now = Date.now();
    const phase = o.phase();
    if (!last || now - last.at > REUSE_MS || last.phase !== phase) last = { at: now, phase, answer: evaluate() };
    return last.answer;
  };
}
