import { describe, expect, it } from 'vitest';
import type { Position } from '../event-store/port';
import { READ_WAIT_MS } from './read-your-writes';
import { writeThrough } from './write-through';

/** Projections that reach `reached` (or nothing), remembering each wait. */
function projections(reached: boolean) {
  const waits: { position: Position; projections?: string[]; timeoutMs?: number }[] = [];
  return {
    waits,
    async waitFor(position: Position, options: { projections?: string[]; timeoutMs?: number } = {}) {
      waits.push({ position, ...options });
      return reached;
    },
    inLog: async () => true,
  };
}

const at = { transaction: 12n, sequence: 4n };

describe('a command that answers from its own read models', () => {
  it('reads back once exactly the declared read models have its position', async () => {
    const p = projections(true);
    await writeThrough(p, [{ name: 'articles' }, { name: 'reading' }]).readBack(at);
    await writeThrough(p, [{ name: 'articles' }]).readBack('12.4');
    expect(p.waits).toEqual([
      { position: at, projections: ['articles', 'reading'], timeoutMs: READ_WAIT_MS },
      { position: at, projections: ['articles'], timeoutMs: READ_WAIT_MS },
    ]);
  });

  it('answers at once without a position (the write changed nothing)', async () => {
    const p = projections(true);
    await writeThrough(p, [{ name: 'articles' }]).readBack(undefined);
    expect(p.waits).toEqual([]);
  });

  it('settles within the bound and goes on when the read models are late, where a read back says to retry', async () => {
    const p = projections(false);
    const users = writeThrough(p, [{ name: 'users' }]);
    expect(await users.settle(at)).toBe(false);
    expect(p.waits).toEqual([{ position: at, projections: ['users'], timeoutMs: READ_WAIT_MS }]);
    await expect(users.readBack(at)).rejects.toMatchObject({ status: 503 });
  });

  it('must name its read models', () => {
    expect(() => writeThrough(projections(true), [])).toThrow('name the read models');
  });
});
