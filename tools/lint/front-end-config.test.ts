import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import contractCalls from './contract-calls.js';
import { ratchetBlocks } from './ratchet.js';

/** The front-end rules as the repository's configuration applies them (eslint.config.js). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });

async function ruleIds(rel: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, rel) });
  expect(result, `no lint result for ${rel}`).toBeDefined();
  return result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const CONDITIONAL_HOOK =
  "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
const EFFECT_WITHOUT_DEPENDENCY =
  "import { useEffect } from 'react';\nexport function A({ id }: { id: string }) {\n  useEffect(() => {\n    document.title = id;\n  }, []);\n  return null;\n}\n";

describe('the front-end rules in eslint.config.js', () => {
  it('checks the rules of hooks in the shell, the kit and every fragment, missing effect dependencies included', async () => {
    for (const rel of ['shell/src/forum/New.tsx', 'shell/kit/src/ui/New.tsx', 'mfe-practice/src/features/quiz/components/New.tsx']) {
      expect(await ruleIds(rel, CONDITIONAL_HOOK), rel).toContain('react-hooks/rules-of-hooks');
      expect(await ruleIds(rel, EFFECT_WITHOUT_DEPENDENCY), rel).toContain('react-hooks/exhaustive-deps');
    }
  });

  it('refuses a hand-made API call in a file no ratchet lists', async () => {
    expect(await ruleIds('shell/src/billing/New.ts', "export const go = () => fetch('/api/premium/checkout');")).toContain(
      'verba/contract-calls',
    );
    expect(
      await ruleIds('mfe-reader/src/features/reader/api/new-api.ts', 'export const go = (client: any) => client.send(1, 2);'),
    ).toContain('verba/contract-calls');
  });

  it('refuses hand-made freshness in the shell and the fragments, but not in the kit', async () => {
    const POLL =
      "import { useRouteQuery } from '@verba/kit/query';\nexport const x = () => useRouteQuery(r, {}, { refetchInterval: 1000 });\ndeclare const r: never;";
    expect(await ruleIds('shell/src/billing/New.ts', POLL)).toContain('verba/kit-freshness');
    expect(await ruleIds('mfe-admin/src/features/users/api/new.ts', 'export const x = (c: any) => c.setQueryData(1, 2);')).toContain(
      'verba/kit-freshness',
    );
    expect(await ruleIds('shell/kit/src/query/new.ts', 'export const x = (c: any) => c.setQueryData(1, 2);')).not.toContain(
      'verba/kit-freshness',
    );
  });

  it('keeps feature folders apart in a file no ratchet lists', async () => {
    const ids = await ruleIds(
      'mfe-admin/src/features/languages/NewPage.tsx',
      "import { useCourses } from '../courses/api/courses';\nimport { useCommand } from '@verba/kit/query';\nexport const x = [useCourses, useCommand];",
    );
    expect(ids.filter((id) => id === 'verba/feature-folders')).toHaveLength(2);
  });
});

describe('the ratchet files', () => {
  it('allow nothing in the shell and the kit: they follow every front-end rule', () => {
    for (const name of ['shell', 'kit']) {
      const lists = JSON.parse(readFileSync(path.join(repoRoot, `tools/lint/ratchet/${name}.json`), 'utf8')) as Record<string, string[]>;
      expect(Object.values(lists).flat(), name).toEqual([]);
    }
  });

  it('turn a rule off only for the files they list', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'verba-ratchet-'));
    mkdirSync(path.join(root, 'tools/lint/ratchet'), { recursive: true });
    writeFileSync(
      path.join(root, 'tools/lint/ratchet/mfe-reader.json'),
      JSON.stringify({ 'verba/contract-calls': ['mfe-reader/src/features/reader/api/old.ts'], 'verba/feature-folders': [] }),
    );
    const linter = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], plugins: { verba: contractCalls }, rules: { 'verba/contract-calls': ['error', { root }] } },
        ...ratchetBlocks(root),
      ],
    });
    const lint = async (rel: string) => (await linter.lintText('fetch(url);', { filePath: path.join(root, rel) }))[0]!.messages;
    expect(await lint('mfe-reader/src/features/reader/api/old.ts')).toEqual([]);
    expect((await lint('mfe-reader/src/features/reader/api/new.ts')).map((m) => m.ruleId)).toEqual(['verba/contract-calls']);
  });
});
