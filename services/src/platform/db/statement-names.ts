import { createHash } from 'node:crypto';

const names = new Map<string, string>();

/**
 * The name a hot statement is prepared under: derived from its text, so one text always has one name and
 * two texts never share one (node-pg refuses a known name with another text). With a name, each
 * connection parses and plans the statement once and then sends only its parameters; a PostgreSQL
 * backend keeps it for the session. PGlite is one backend behind many connections (pglite-bridge.ts), so
 * there two connections would prepare the same name: statements are named only on a real server.
 */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `verba_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}
