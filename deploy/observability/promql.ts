/**
 * The metric names a PromQL expression reads, for checking alerts and dashboards against what the roles
 * serve. A lexer, not a parser: promtool checks the syntax; this only has to find the selectors, so it
 * drops what can hold other identifiers (strings, label matchers, ranges, grouping labels) and keeps the
 * identifiers that are not calls, keywords or Grafana variables.
 */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan', 'group_left', 'group_right']);

export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+-?\w+/g, ' ');
  const names = new Set<string>();
  for (const m of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const before = bare[m.index - 1] ?? ' ';
    const after = bare.slice(m.index + m[0].length).trimStart();
    if (/[\w.$]/.test(before) || after.startsWith('(') || KEYWORDS.has(m[0].toLowerCase())) continue;
    names.add(m[0]);
  }
  return [...names];
}

/** A histogram's series carry _bucket, _sum and _count after the name the catalog gives. */
export const baseName = (name: string): string => name.replace(/_(?:bucket|sum|count)$/, '');
