import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * services/src holds production code and its tests only: test servers, fakes and fixtures live in
 * services/test-support, demo content in services/data. A file that breaks this fails here.
 */
const SERVICES = path.resolve(import.meta.dirname, '..');
const SRC = path.join(SERVICES, 'src');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? filesUnder(full) : [path.relative(SERVICES, full).split(path.sep).join('/')];
  });
}

const sources = filesUnder(SRC).filter((f) => /\.[cm]?[jt]sx?$/.test(f));
const production = sources.filter((f) => !/\.test\.[cm]?[jt]sx?$/.test(f));
const TEST_ONLY_NAME =
  /(^|\/)(testing|test-support|test-helpers?|test-fixtures|fixtures|fakes?|mocks?)(\/|\.[cm]?[jt]sx?$)|(^|\/)(fake-[^/]*|[^/]*-mock|[^/]*contract-suite)\.[cm]?[jt]sx?$/;

describe('services/src', () => {
  it('has no test support files (they belong in services/test-support)', () => {
    expect(sources.filter((f) => TEST_ONLY_NAME.test(f))).toEqual([]);
  });

  it('has no production file that imports vitest or services/test-support', () => {
    const offenders = production.filter((f) => {
      const text = fs.readFileSync(path.join(SERVICES, f), 'utf8');
      return /from ['"]vitest['"]|['"][./]*test-support\//.test(text);
    });
    expect(offenders).toEqual([]);
  });

  it('has no demo-*.ts: demo content is data under services/data/demo, loaded by the seeds', () => {
    expect(production.filter((f) => /(^|\/)demo-[^/]*$/.test(f))).toEqual([]);
    expect(fs.readdirSync(path.join(SERVICES, 'data', 'demo')).sort()).toEqual(['articles', 'courses', 'series']);
  });

  it('keeps services/test-support outside src', () => {
    expect(fs.existsSync(path.join(SERVICES, 'test-support', 'platform', 'test-app.ts'))).toBe(true);
    expect(sources.some((f) => f.includes('/test-support/'))).toBe(false);
  });
});
