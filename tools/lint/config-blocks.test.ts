import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The repository's own restricted-import blocks (eslint.config.js), linted through the real configuration:
 * the ones that keep the API's per-request cost and the embedded default's memory down.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });

async function restricted(rel: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, rel) });
  expect(result, `no lint result for ${rel}`).toBeDefined();
  return result!.messages.filter((m) => /no-restricted-imports/.test(m.ruleId ?? '')).map((m) => m.message);
}

describe('verba/no-async-context', () => {
  it('refuses AsyncLocalStorage and async hooks in the services (promise hooks on every promise)', async () => {
    for (const code of [
      "import { AsyncLocalStorage } from 'node:async_hooks';\nexport const s = new AsyncLocalStorage();",
      "import { createHook } from 'async_hooks';\nexport const h = createHook({});",
    ]) {
      const messages = await restricted('services/src/platform/request-scope.ts', code);
      expect(messages, code).toHaveLength(1);
      expect(messages[0]).toMatch(/pass what the work needs \(who asked\) as an argument/);
    }
  });

  it('lets the services use the rest of async_hooks', async () => {
    expect(
      await restricted(
        'services/src/platform/timing.ts',
        "import { executionAsyncId } from 'node:async_hooks';\nexport const id = executionAsyncId();",
      ),
    ).toEqual([]);
  });
});

describe('verba/optional-sdks', () => {
  it('refuses a static import of an optional SDK and accepts the dynamic one', async () => {
    const file = 'services/src/contexts/billing/adapters/stripe/client.ts';
    expect(await restricted(file, "import Stripe from 'stripe';\nexport const s = Stripe;")).toHaveLength(1);
    expect(await restricted(file, "export const load = () => import('stripe');")).toEqual([]);
  });
});
