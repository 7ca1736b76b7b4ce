// @ts-check
/**
 * The front-end rules are on for every file from the start; the files that still break one while their
 * package is migrated are listed per package in tools/lint/ratchet/<package>.json ({ rule: [paths] }),
 * and only those files have that rule turned off. A file not listed fails the rule; a package is done
 * when its file lists nothing. The shell's and the kit's lists stay empty.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The allow-lists as ESLint config blocks that turn each listed rule off for its listed files only.
 * Put them after the blocks that turn the rules on.
 * @param {string} root the monorepo root
 * @returns {import('eslint').Linter.Config[]}
 */
export function ratchetBlocks(root) {
  const dir = path.join(root, 'tools/lint/ratchet');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const lists = /** @type {Record<string, string[]>} */ (JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
      return Object.entries(lists)
        .filter(([, files]) => files.length > 0)
        .map(([rule, files]) => ({
          name: `verba/ratchet/${name.replace(/\.json$/, '')}/${rule}`,
          files,
          rules: { [rule]: /** @type {const} */ ('off') },
        }));
    });
}
