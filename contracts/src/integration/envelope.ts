import { z } from 'zod';

/**
 * The public envelope every integration event travels in (a Kafka message value). Unlike domain events,
 * which belong to one context and may be reshaped, these are a published API for other teams.
 */

/** `verba.<context>.<event-name>`: lower-case, dot-separated, kebab-case segments. */
export const IntegrationEventTypeSchema = z
  .string()
  .regex(/^verba(\.[a-z][a-z0-9]*(-[a-z0-9]+)*){2,}$/, 'expected verba.<context>.<event-name>');

export const IntegrationEventEnvelopeSchema = z.object({
  /** The source domain event's id: redeliveries carry the same id, so consumers dedupe on it. */
  id: z.uuid(),
  type: IntegrationEventTypeSchema,
  /** Version of `data`'s shape for this type; bumps on any change a consumer could notice. */
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  /** Partition key (normally the userId): events with one key keep their order. */
  key: z.string().min(1),
  data: z.unknown(),
});

export interface IntegrationEvent<TType extends string = string, TVersion extends number = number, TData = unknown> {
  id: string;
  type: TType;
  version: TVersion;
  occurredAt: string;
  key: string;
  data: TData;
}

/** Topic of an event type: its first two segments (`verba.vocabulary.word-status-changed` -> `verba.vocabulary`). */
export function integrationTopic(type: string): string {
  const parts = type.split('.');
  if (parts.length < 3) throw new RangeError(`Not an integration event type: ${JSON.stringify(type)}`);
  return `${parts[0]}.${parts[1]}`;
}

export interface IntegrationEventDefinition<TType extends string, TVersion extends number, TData extends z.ZodType> {
  readonly type: TType;
  readonly version: TVersion;
  readonly topic: string;
  /** Validates a whole envelope of exactly this type and version. */
  readonly schema: z.ZodType<IntegrationEvent<TType, TVersion, z.output<TData>>>;
  /** Builds a validated envelope; throws (ZodError) on data that breaks the contract. */
  create(input: {
    id: string;
    occurredAt: Date | string;
    key: string;
    data: z.input<TData>;
  }): IntegrationEvent<TType, TVersion, z.output<TData>>;
  /**
   * Builds the envelope without validating it, for mappers whose input was validated already (a domain
   * event read with its schema): whoever publishes validates once (the relay, replay and export do).
   */
  build(input: {
    id: string;
    occurredAt: Date | string;
    key: string;
    data: z.output<TData>;
  }): IntegrationEvent<TType, TVersion, z.output<TData>>;
}

/** Declares one version of one integration event. A new version is a new definition beside the old one. */
export function defineIntegrationEvent<TType extends string, TVersion extends number, TData extends z.ZodType>(
  type: TType,
  version: TVersion,
  data: TData,
): IntegrationEventDefinition<TType, TVersion, TData> {
  IntegrationEventTypeSchema.parse(type);
  if (!Number.isInteger(version) || version < 1) throw new RangeError(`Version must be a positive integer: ${version}`);
  const schema = IntegrationEventEnvelopeSchema.extend({
    type: z.literal(type),
    version: z.literal(version),
    data,
  }) as unknown as z.ZodType<IntegrationEvent<TType, TVersion, z.output<TData>>>;
  return {
    type,
    version,
    topic: integrationTopic(type),
    schema,
    create(input) {
      const occurredAt = input.occurredAt instanceof Date ? input.occurredAt.toISOString() : input.occurredAt;
      return schema.parse({ id: input.id, type, version, occurredAt, key: input.key, data: input.data });
    },
    build(input) {
      const occurredAt = input.occurredAt instanceof Date ? input.occurredAt.toISOString() : input.occurredAt;
      return { id: input.id, type, version, occurredAt, key: input.key, data: input.data };
    },
  };
}
