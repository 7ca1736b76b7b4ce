import { z } from 'zod';
import { integrationTopic } from './envelope';
import { INTEGRATION_EVENTS } from './events';
import { schemaFileName, type PublishedDefinition } from './json-schema';

/**
 * The integration events' manual for teams that consume them: an AsyncAPI 3 document generated from the
 * same definitions the relay validates against, so it cannot drift from what is published. One channel per
 * Kafka topic (`verba.<context>`), one message per (type, version), each with its envelope's JSON Schema,
 * the headers the relay sets and the key that orders it. Served at /api/docs/asyncapi.json.
 */

/** What each event says, for the manual (a test checks every published type has one). */
export const EVENT_SUMMARIES: Readonly<Record<string, string>> = {
  'verba.identity.user-registered': 'A person created an account (email and password, or a social provider).',
  'verba.identity.user-deleted': 'A person deleted their account: erase everything you hold about this userId.',
  'verba.identity.learning-language-changed': 'A learner switched the language they are learning.',
  'verba.identity.time-spent': 'Seconds the learner spent learning in a language (reader, chapters and practice report them).',
  'verba.vocabulary.word-status-changed': 'A learner marked a word new, known or uncertain in one learning language.',
  'verba.library.article-read': 'A reader opened an article; counted once per reader, article and UTC day.',
  'verba.library.reading-time': "The reader's active time on one page of an article, with the page's words.",
  'verba.learning.chapter-completed': 'A learner completed a chapter of a course.',
  'verba.practice.card-reviewed': 'A learner reviewed a flashcard, with the rating and the schedule that followed.',
  'verba.practice.card-review-undone': 'A learner took back their last review of a card.',
  'verba.practice.card-created': 'A learner made a flashcard.',
  'verba.practice.card-deleted': 'A learner deleted a flashcard.',
  'verba.billing.subscription-changed': "A learner's Master subscription started, changed, renewed or ended.",
};

/** The Kafka headers every message carries (platform/integration/replay.ts: integrationMessage). */
const HEADERS = {
  type: 'object',
  required: ['content-type', 'verba-event-id', 'verba-event-type', 'verba-event-version'],
  properties: {
    'content-type': { type: 'string', const: 'application/json' },
    'verba-event-id': {
      type: 'string',
      format: 'uuid',
      description:
        'The event id (also `id` in the value). Delivery is at least once: a redelivered message carries the same id, so deduplicate by it.',
    },
    'verba-event-type': { type: 'string', description: 'The event type, as `type` in the value: route on it without parsing the value.' },
    'verba-event-version': {
      type: 'string',
      description: 'The version of the data shape, as `version` in the value (a string, as Kafka headers are).',
    },
    traceparent: {
      type: 'string',
      description: 'The W3C trace context of the write that caused the event, when it was traced: continue its trace in your consumer.',
    },
  },
} as const;

/** The message key: every event is keyed by the learner it concerns, so one learner's events keep their order. */
const KEY_BINDING = {
  kafka: {
    key: {
      type: 'string',
      format: 'uuid',
      description: 'The userId the event concerns. Events with one key are in one partition, in the order they happened.',
    },
    bindingVersion: '0.5.0',
  },
} as const;

const messageId = (d: Pick<PublishedDefinition, 'type' | 'version'>) => `${d.type}.v${d.version}`;
const channelId = (topic: string) => topic.replaceAll('.', '-');

/** The envelope's JSON Schema as AsyncAPI's default schema format reads it (a superset of draft 7). */
function payloadOf(d: PublishedDefinition): Record<string, unknown> {
  const schema = z.toJSONSchema(d.schema, { io: 'output', target: 'draft-7' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

export function asyncApiDocument(options: { version: string; kafkaBrokers?: string } = { version: '1.0.0' }): Record<string, unknown> {
  const definitions: readonly PublishedDefinition[] = INTEGRATION_EVENTS;
  const latest = new Map<string, number>();
  for (const d of definitions) latest.set(d.type, Math.max(latest.get(d.type) ?? 0, d.version));
  const topics = [...new Set(definitions.map((d) => integrationTopic(d.type)))].sort();
  const messages: Record<string, unknown> = {};
  for (const d of definitions) {
    const current = latest.get(d.type) === d.version;
    messages[messageId(d)] = {
      name: messageId(d),
      title: `${d.type} v${d.version}`,
      summary: EVENT_SUMMARIES[d.type] ?? d.type,
      description: current
        ? `Published now. JSON Schema file: ${schemaFileName(d)}.`
        : `Superseded by v${latest.get(d.type)}: found in messages published before it, and in replays of old events. JSON Schema file: ${schemaFileName(d)}.`,
      contentType: 'application/json',
      headers: HEADERS,
      payload: payloadOf(d),
      bindings: KEY_BINDING,
    };
  }
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  for (const topic of topics) {
    const own = definitions.filter((d) => integrationTopic(d.type) === topic);
    channels[channelId(topic)] = {
      address: topic,
      title: topic,
      description: `The ${topic.split('.')[1]} context's events, keyed by userId.`,
      messages: Object.fromEntries(own.map((d) => [messageId(d), { $ref: `#/components/messages/${messageId(d)}` }])),
    };
    operations[`consume-${channelId(topic)}`] = {
      action: 'receive',
      title: `Consume ${topic}`,
      channel: { $ref: `#/channels/${channelId(topic)}` },
      messages: own.map((d) => ({ $ref: `#/channels/${channelId(topic)}/messages/${messageId(d)}` })),
    };
  }
  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Verba integration events',
      version: options.version,
      description: [
        'Public events of the Verba learning platform, published to Kafka by the relay after they are in the event log.',
        '',
        "- **Topics:** one per context, `verba.<context>`; an event type `verba.<context>.<name>` goes to its context's topic.",
        "- **Key:** the userId the event concerns: one learner's events stay in order.",
        "- **At least once:** a message may come again (a relay restart); deduplicate by the `verba-event-id` header (the value's `id`).",
        '- **Versions:** a changed shape is a new version beside the old; a consumer reads `type` and `version` and validates against that schema.',
        '- **History:** an operator can re-publish past events to a topic of your choice (`replay --topic`).',
      ].join('\n'),
    },
    defaultContentType: 'application/json',
    ...(options.kafkaBrokers
      ? {
          servers: {
            kafka: {
              host: options.kafkaBrokers.split(',')[0]!.trim(),
              protocol: 'kafka',
              description: 'The brokers the relay publishes to.',
            },
          },
        }
      : {}),
    channels,
    operations,
    components: { messages },
  };
}
