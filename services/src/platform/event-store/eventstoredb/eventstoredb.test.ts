/**
 * Runs the shared event store contract against a real EventStoreDB:
 * - EVENTSTORE_URL set (e.g. esdb://127.0.0.1:2113?tls=false): that server; unreachable means FAIL.
 * - otherwise a throwaway container via testcontainers, when a container runtime exists;
 * - otherwise the suite is skipped, and its name says why.
 * The decision is made at collection time (top-level await).
 */
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { runEventStoreContract } from '../../../../test-support/platform/event-store-contract-suite';
import { connectEventStoreDb } from '../select';
import { createEventStoreDbStore } from './adapter';

const IMAGE = 'eventstore/eventstore:24.10';
const SKIP_REASON =
  'EventStoreDB contract suite skipped: no EVENTSTORE_URL and no container runtime (cannot run EventStoreDB on this machine)';

/** testcontainers rejects this way, within milliseconds, when there is no Docker/Podman engine. */
async function hasContainerRuntime(): Promise<boolean> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
    return true;
  } catch (e) {
    if (e instanceof Error && e.message.includes('Could not find a working container runtime strategy')) return false;
    throw e;
  }
}

type Target = { kind: 'url'; url: string } | { kind: 'container' } | { kind: 'none' };

const envUrl = process.env['EVENTSTORE_URL']?.trim();
const target: Target = envUrl ? { kind: 'url', url: envUrl } : (await hasContainerRuntime()) ? { kind: 'container' } : { kind: 'none' };

/** Fails (never skips) when EVENTSTORE_URL points at nothing, with the start-up check's message. */
async function assertReachable(url: string): Promise<void> {
  await (await connectEventStoreDb(url, 20_000)).close();
}

async function startContainer(): Promise<StartedTestContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  return new GenericContainer(IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
    .withStartupTimeout(180_000)
    .start();
}

const title =
  target.kind === 'url'
    ? `EventStoreDB contract suite at EVENTSTORE_URL (${target.url})`
    : target.kind === 'container'
      ? `EventStoreDB contract suite in a ${IMAGE} container`
      : SKIP_REASON;

describe.skipIf(target.kind === 'none')(title, () => {
  let connectionString = '';
  let container: StartedTestContainer | undefined;

  beforeAll(async () => {
    if (target.kind === 'url') {
      connectionString = target.url;
      await assertReachable(connectionString);
    } else if (target.kind === 'container') {
      container = await startContainer();
      connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    }
  }, 300_000);

  afterAll(async () => {
    await container?.stop();
  }, 60_000);

  runEventStoreContract('eventstoredb adapter', async () => {
    const store = createEventStoreDbStore(connectionString);
    return { store, cleanup: () => store.close() };
  });
});
