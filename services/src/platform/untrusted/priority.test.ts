import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE, kernelThreadId } from './priority';

/** Runs `runInBackground` in a thread of its own, as a pool thread does (tsx registered as the pool's boot does). */
function inAThread(): Promise<{ tid: number; nice: number; applied: boolean }> {
  const source = `
    const { parentPort } = require('node:worker_threads');
    const { readlinkSync } = require('node:fs');
    const { getPriority } = require('node:os');
    import('tsx/esm/api').then(({ register }) => {
      register();
      return import(${JSON.stringify(new URL('./priority.ts', import.meta.url).href)});
    }).then(({ runInBackground }) => {
      const applied = runInBackground();
      const tid = Number(/task\\/(\\d+)$/.exec(readlinkSync('/proc/thread-self'))[1]);
      parentPort.postMessage({ tid, nice: getPriority(tid), applied });
    });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true });
    worker.once('message', (m) => void worker.terminate().then(() => resolve(m)));
    worker.once('error', reject);
  });
}

describe.runIf(process.platform === 'linux')('runInBackground', () => {
  it('lowers the calling thread only: the pool thread is niced, the request thread is not', async () => {
    const here = kernelThreadId()!;
    const before = getPriority(here);
    const thread = await inAThread();
    expect(thread.applied).toBe(true);
    expect(thread.nice).toBe(BACKGROUND_NICE);
    expect(thread.tid).not.toBe(here);
    expect(getPriority(here)).toBe(before);
  });
});
