import { z } from 'zod';
import { INTEGRATION_EVENTS } from './events';

/**
 * JSON Schemas of the published integration events, generated from their zod schemas so that consumers
 * in any language can validate messages. One committed file per (type, version) in ./schemas; a published
 * file is frozen (json-schema.test.ts fails when the zod schema would generate something else).
 */

export interface PublishedDefinition {
  readonly type: string;
  readonly version: number;
  readonly schema: z.ZodType;
}

/** File name of a (type, version): `verba.identity.user-deleted.v1.json`. */
export const schemaFileName = (d: Pick<PublishedDefinition, 'type' | 'version'>): string => `${d.type}.v${d.version}.json`;

/** The JSON Schema (draft 2020-12) of one event's whole envelope, as a consumer receives it. */
export function integrationJsonSchema(d: PublishedDefinition): Record<string, unknown> {
  return {
    $id: `https://verba.dev/schemas/integration/${schemaFileName(d)}`,
    title: `${d.type} v${d.version}`,
    ...z.toJSONSchema(d.schema, { io: 'output', target: 'draft-2020-12' }),
  };
}

/** Text of the committed file: stable key order from the generator, two-space indent, final newline. */
export const schemaFileText = (d: PublishedDefinition): string => `${JSON.stringify(integrationJsonSchema(d), null, 2)}\n`;

export const publishedDefinitions = (): readonly PublishedDefinition[] => INTEGRATION_EVENTS;
