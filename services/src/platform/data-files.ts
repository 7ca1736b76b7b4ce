import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config';

/** Demo content the seeds load: data files (Markdown, JSON) kept out of the code. */
export const DEMO_DATA_DIR = path.join(REPO_ROOT, 'services', 'data', 'demo');
/** The offline dictionaries (built by tools/dictionaries/build.mjs; sources and licences in SOURCES.md there). */
export const DICTIONARIES_DIR = path.join(REPO_ROOT, 'services', 'data', 'dictionaries');

export interface DataFile {
  name: string;
  text: string;
}

/** The files of `folder` ending in `extension`, in name order (a numeric prefix fixes the order). */
export function readDataFiles(folder: string, extension: string): DataFile[] {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(folder, name), 'utf8') }));
}

export interface MarkdownDocument {
  attributes: Record<string, string>;
  body: string;
}

/**
 * Markdown with front matter: `---`, one `key: value` a line, `---`, a blank line, then the body. A value
 * in double quotes is a JSON string (so it may hold any character); otherwise it is the text as written.
 * The body is kept byte for byte but for the file's final newline.
 */
export function parseMarkdown(text: string, name: string): MarkdownDocument {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*?)\n?$/.exec(text);
  if (!match) throw new Error(`${name}: expected front matter between --- lines, then a blank line`);
  const attributes: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`${name}: front matter line "${line}" is not "key: value"`);
    const raw = line.slice(colon + 1).trim();
    attributes[line.slice(0, colon).trim()] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return { attributes, body: match[2]! };
}

/** The inverse of parseMarkdown: strings with anything but plain words and dashes are written as JSON. */
export function formatMarkdown(attributes: Record<string, string>, body: string): string {
  const lines = Object.entries(attributes).map(([k, v]) => `${k}: ${/^[\w.-]+$/.test(v) ? v : JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}\n`;
}
