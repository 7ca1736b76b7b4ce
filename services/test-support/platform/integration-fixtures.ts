import { randomUUID } from 'node:crypto';
import { UserDeletedV1, WordStatusChangedV1 } from '@verba/contracts/integration';
import type { NewEvent } from '../../src/platform/event-store/port';
import type { IntegrationMapper, Logger } from '../../src/platform/integration/relay';

/**
 * Test support shared by the relay tests. Event types carry a per-test tag, so tests sharing one
 * database only ever map their own events.
 */
export function testMappers(tag: string): Record<string, IntegrationMapper> {
  return {
    [`${tag}.WordStatusChanged`]: (e) =>
      WordStatusChangedV1.create({
        id: e.id,
        occurredAt: e.createdAt,
        key: String(e.data.userId),
        data: e.data as never,
      }),
    [`${tag}.UserDeleted`]: (e) =>
      UserDeletedV1.create({ id: e.id, occurredAt: e.createdAt, key: String(e.data.userId), data: { userId: String(e.data.userId) } }),
    // Mapped to nothing: a domain event that has no public counterpart in some cases.
    [`${tag}.Ignored`]: () => null,
  };
}

export const wordStatus = (tag: string, userId: string, word: string, status = 'known'): NewEvent => ({
  id: randomUUID(),
  type: `${tag}.WordStatusChanged`,
  version: 1,
  data: { userId, language: 'fr', word, status },
});

export const userDeleted = (tag: string, userId: string): NewEvent => ({
  id: randomUUID(),
  type: `${tag}.UserDeleted`,
  version: 1,
  data: { userId },
});

export const other = (tag: string, kind: 'Ignored' | 'Unmapped'): NewEvent => ({
  id: randomUUID(),
  type: `${tag}.${kind}`,
  version: 1,
  data: {},
});

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg?: string | undefined;
}

export function captureLog(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (obj: object, msg?: string) =>
    void lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}
