import { describe, expect, it } from 'vitest';
import type { BaseDeps } from './module';
import { perRuntime, RuntimeInstances } from './per-runtime';

const runtime = () => ({ instances: new RuntimeInstances() }) as BaseDeps;

describe('a module instance per runtime', () => {
  it('is made once per runtime and shared by every caller in it', () => {
    let made = 0;
    const counter = perRuntime(() => ({ n: ++made }));
    const one = runtime();
    expect(counter.of(one)).toBe(counter.of(one));
    expect(made).toBe(1);
  });

  it('is never shared by two runtimes in one process', () => {
    const accounts = perRuntime(() => ({ names: [] as string[] }));
    const [a, b] = [runtime(), runtime()];
    accounts.of(a).names.push('ada');
    expect(accounts.of(b).names).toEqual([]);
    expect(accounts.of(a).names).toEqual(['ada']);
  });
});
