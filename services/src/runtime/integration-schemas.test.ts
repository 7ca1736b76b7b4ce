import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineIntegrationEvent, publishedDefinitions, schemaFileName, schemaFileText } from '@verba/contracts/integration';
import { committedSchemaFiles, schemasDir as dir } from './integration-schemas';

const committed = new Set(committedSchemaFiles());

describe('published JSON Schemas of integration events', () => {
  it.each(publishedDefinitions().map((d) => [schemaFileName(d), d] as const))(
    '%s is committed and still what its zod schema generates (a published version is frozen)',
    (file, d) => {
      expect(committed.has(file), `${file} missing: run npm run schemas -w services`).toBe(true);
      expect(schemaFileText(d)).toBe(readFileSync(`${dir}${file}`, 'utf8'));
    },
  );

  it('no published version disappears: every committed schema still has its definition', () => {
    const defined = new Set(publishedDefinitions().map(schemaFileName));
    expect([...committed].filter((f) => !defined.has(f))).toEqual([]);
  });

  it('a change to a published shape is caught: renaming, narrowing or adding a required field', () => {
    const published = defineIntegrationEvent('verba.identity.user-deleted', 1, z.object({ userId: z.uuid() }));
    const text = readFileSync(`${dir}${schemaFileName(published)}`, 'utf8');
    expect(schemaFileText(published)).toBe(text);
    const broken = [
      z.object({ user: z.uuid() }),
      z.object({ userId: z.string().max(8) }),
      z.object({ userId: z.uuid(), reason: z.string() }),
    ];
    for (const data of broken) {
      expect(schemaFileText(defineIntegrationEvent('verba.identity.user-deleted', 1, data))).not.toBe(text);
    }
  });
});
