/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One punctuation for the messages a user reads, checked in each package's tests (issue 36.20): an error
 * (a destructive toast's title, an error notice's title) is a sentence with its full stop; a toast that
 * reports success is a short notice without one. Text work on source files for tests (Node): not part of
 * the kit's bundle (nothing exports it), the fragments' tests import it by path.
 */

/** A message as written in the source: a quoted or template string (its `${...}` parts kept). */
const STRING = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|` + '`(?:[^`\\\\]|\\\\.)*`';

const TOAST = new RegExp(String.raw`toast\(\{\s*title:\s*(${STRING})([\s\S]*?)\}\s*\)`, 'g');
const NOTICE = new RegExp(String.raw`<(?:Query)?ErrorNotice\b[^>]*?\btitle=(?:\{\s*(${STRING})\s*\}|(${STRING}))`, 'g');

const text = (literal: string) => literal.slice(1, -1);
const sentence = (message: string) => /[.!?…](?:[”’"')]*)$/.test(message.trim());

/** What breaks the rule in one file's source, as "file: message (why)". */
export function punctuationProblems(file: string, source: string): string[] {
  const problems: string[] = [];
  for (const [, title = '', rest = ''] of source.matchAll(TOAST)) {
    const message = text(title);
    const error = /variant:\s*'destructive'/.test(rest);
    if (error && !sentence(message)) problems.push(`${file}: ${message} (an error is a sentence with a full stop)`);
    if (!error && /\.$/.test(message.trim())) problems.push(`${file}: ${message} (a notice of success has no full stop)`);
  }
  for (const [, braced, quoted] of source.matchAll(NOTICE)) {
    const message = text(braced ?? quoted ?? '');
    if (!sentence(message)) problems.push(`${file}: ${message} (an error is a sentence with a full stop)`);
  }
  return problems;
}

/** The problems in every source file under `dir` (tests and test support left out). */
export function punctuationProblemsIn(dir: string): { files: number; problems: string[] } {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|(^|\/)test\//.test(file),
  );
  return { files: files.length, problems: files.flatMap((file) => punctuationProblems(file, readFileSync(join(dir, file), 'utf8'))) };
}
