import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@verba/contracts';
import { BACKGROUND_CPU_SHARE, BACKGROUND_NICE, MOVE_MIN_BYTES, createUntrustedPool } from './pool';
import { refusal } from '../../../test-support/platform/refusal';

const entry = new URL('../../../test-support/platform/untrusted-test-worker.mjs', import.meta.url);
// Budgets and refusals are tested at full speed; the share of time (by default) has a test and a pool of its own.
const processEntry = new URL('../../../test-support/platform/untrusted-test-process.mjs', import.meta.url);
const background = { entry: processEntry, cpuShare: 1 };

describe('the untrusted pool: parsing off the request thread, within budgets', () => {
  const pool = createUntrustedPool({ entry, background, threads: 1, queueMax: 2, memoryMb: 64, budget: { timeMs: 3000, outputMax: 1000 } });
  afterAll(() => pool.close());

  it('runs a job on a worker thread and answers its value', async () => {
    expect(await pool.run('echo', { text: 'Hallo' })).toBe('Hallo');
  });

  it('stops a job at its wall time, answering 422 with the caller’s words, while this thread stays free', async () => {
    const started = performance.now();
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 20);
    const answer = await refusal(pool.run('spin', {}, { tooSlow: 'Too slow for a book.' }, { timeMs: 500 }));
    clearInterval(timer);
    expect(answer).toEqual({ status: 422, message: 'Too slow for a book.' });
    expect(performance.now() - started).toBeLessThan(2500);
    expect(ticks.length).toBeGreaterThan(5); // the event loop kept turning while the job spun
    expect(await pool.run('echo', { text: 'danach' })).toBe('danach'); // a fresh thread takes the next job
  });

  it('stops a job past its memory, answering 413', async () => {
    expect(await refusal(pool.run('hoard', {}, { tooLarge: 'Too big to read.' }, { timeMs: 20_000 }))).toEqual({
      status: 413,
      message: 'Too big to read.',
    });
    expect(await pool.run('echo', { text: 'weiter' })).toBe('weiter');
  });

  it('refuses an answer over the output budget with 413', async () => {
    expect(await pool.run('shout', { size: 500 })).toHaveLength(500);
    expect(await refusal(pool.run('shout', { size: 5000 }))).toEqual({ status: 413, message: UPLOAD_MESSAGES.tooLarge });
  });

  it("passes a job's own refusal on, and turns any other failure (a stack overflow, a parser's error) into 422 without its text", async () => {
    expect(await refusal(pool.run('refuse', {}))).toEqual({ status: 413, message: 'This file is too large, says the job.' });
    expect(await refusal(pool.run('overflow', {}, { unreadable: 'Not a book.' }))).toEqual({ status: 422, message: 'Not a book.' });
    const crash = await refusal(pool.run('crash', {}));
    expect(crash).toEqual({ status: 422, message: UPLOAD_MESSAGES.unreadable });
  });

  describe('a background job', () => {
    const inBackground = { timeMs: 5000, priority: 'background' } as const;
    type Where = { pid: number; nice: number };

    it('runs in a process of its own at a lower CPU priority; the other jobs keep this process and its priority', async () => {
      const thread = await pool.run<Where>('whereAmI', {});
      expect(thread.pid).toBe(process.pid);
      const away = await pool.run<Where>('whereAmI', {}, {}, inBackground);
      expect(away.pid).not.toBe(process.pid);
      expect(away.nice).toBe(Math.min(19, thread.nice + BACKGROUND_NICE));
      expect(await pool.run('echo', { text: 'Hallo' }, {}, inBackground)).toBe('Hallo');
    });

    it('keeps the budgets and refusals: stopped at its wall time, a refusal passed on, a crash of its process a 422', async () => {
      const started = performance.now();
      expect(await refusal(pool.run('spin', {}, { tooSlow: 'Too slow.' }, { ...inBackground, timeMs: 1500 }))).toEqual({
        status: 422,
        message: 'Too slow.',
      });
      expect(performance.now() - started).toBeLessThan(4000);
      expect(await refusal(pool.run('refuse', {}, {}, inBackground))).toEqual({
        status: 413,
        message: 'This file is too large, says the job.',
      });
      expect(await refusal(pool.run('shout', { size: 5000 }, {}, inBackground))).toEqual({
        status: 413,
        message: UPLOAD_MESSAGES.tooLarge,
      });
      // A native abort ends its process, not this one.
      expect(await refusal(pool.run('abort', {}, { unreadable: 'Not readable.' }, inBackground))).toEqual({
        status: 422,
        message: 'Not readable.',
      });
      expect(await pool.run('echo', { text: 'noch da' }, {}, inBackground)).toBe('noch da');
    });
  });

  it('holds a background job to its share of the time (a quarter by default): 300 ms of CPU take four times as long', async () => {
    type Burnt = { cpuMs: number; wallMs: number };
    const held = createUntrustedPool({ entry, background: { entry: processEntry }, threads: 1, memoryMb: 64 });
    try {
      const onThread = await held.run<Burnt>('burn', { cpuMs: 300 }, {}, { timeMs: 20_000 });
      const inBackground = await held.run<Burnt>('burn', { cpuMs: 300 }, {}, { timeMs: 20_000, priority: 'background' });
      expect(inBackground.cpuMs).toBeGreaterThanOrEqual(300);
      // At most a quarter of each 100 ms runs: 300 ms of CPU need 11 periods and more (a margin for timer slack).
      expect(BACKGROUND_CPU_SHARE).toBe(0.25);
      expect(inBackground.wallMs).toBeGreaterThan((300 / BACKGROUND_CPU_SHARE) * 0.75);
      expect(inBackground.wallMs).toBeGreaterThan(onThread.wallMs * 2);
      // Its wall-time budget still holds, stopped or running at that moment, and the next job is served.
      const started = performance.now();
      const slow = held.run('spin', {}, { tooSlow: 'Too slow.' }, { timeMs: 1500, priority: 'background' });
      expect(await refusal(slow)).toEqual({ status: 422, message: 'Too slow.' });
      expect(performance.now() - started).toBeLessThan(4000);
      expect(await held.run('echo', { text: 'weiter' }, {}, { timeMs: 20_000, priority: 'background' })).toBe('weiter');
    } finally {
      await held.close();
    }
  }, 60_000);

  it('answers 503 when more jobs wait than the queue holds', async () => {
    const running = [pool.run('wait', { ms: 400 }), pool.run('wait', { ms: 10 }), pool.run('wait', { ms: 10 })];
    expect(await refusal(pool.run('wait', { ms: 10 }))).toEqual({ status: 503, message: UPLOAD_MESSAGES.busy });
    expect(await Promise.all(running)).toEqual(['waited', 'waited', 'waited']);
  });

  it('moves a large upload to the worker instead of copying it: the caller’s bytes are handed over and the event loop keeps turning', async () => {
    const bytes = new Uint8Array(48 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    let sum = 0;
    for (const b of bytes) sum = (sum + b) % 1_000_000_007;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const answer = await pool.run('count', { file: { bytes } }, {}, { timeMs: 20_000 });
    delay.disable();
    expect(answer).toEqual({ length: 48 * 1024 * 1024, sum });
    expect(bytes.byteLength).toBe(0); // moved: detached here, nothing was cloned
    expect(delay.max / 1e6).toBeLessThan(100);
    // A small buffer, or a slice of a larger one, is copied and stays the caller's.
    const small = new Uint8Array([1, 2, 3]);
    const whole = new Uint8Array(MOVE_MIN_BYTES * 2);
    const slice = whole.subarray(10, MOVE_MIN_BYTES + 20);
    expect(await pool.run('count', { file: { bytes: small } })).toEqual({ length: 3, sum: 6 });
    expect(await pool.run('count', { file: { bytes: slice } })).toEqual({ length: MOVE_MIN_BYTES + 10, sum: 0 });
    expect([small.byteLength, whole.byteLength, slice.byteLength]).toEqual([3, MOVE_MIN_BYTES * 2, MOVE_MIN_BYTES + 10]);
  });
});
