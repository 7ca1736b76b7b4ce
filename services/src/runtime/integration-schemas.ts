/**
 * The committed JSON Schemas of the integration events (contracts/src/integration/schemas). Run as a
 * script (`npm run schemas -w services`) it writes the file of every (type, version) that has none yet;
 * it never rewrites a published file: a changed shape needs a new version.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { publishedDefinitions, schemaFileName, schemaFileText } from '@verba/contracts/integration';

export const schemasDir = createRequire(import.meta.url)
  .resolve('@verba/contracts/integration')
  .replace(/index\.ts$/, 'schemas/');

export const committedSchemaFiles = (): string[] => readdirSync(schemasDir).filter((f) => f.endsWith('.json'));

export function writeMissingSchemas(): string[] {
  const written: string[] = [];
  for (const d of publishedDefinitions()) {
    const file = `${schemasDir}${schemaFileName(d)}`;
    if (existsSync(file)) continue;
    writeFileSync(file, schemaFileText(d));
    written.push(schemaFileName(d));
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const file of writeMissingSchemas()) console.log(`wrote ${file}`);
}
