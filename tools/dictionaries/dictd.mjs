// Reads a dictd database (the format Debian's dict-freedict-* and mueller7-dict packages ship): an
// `.index` of `headword<TAB>offset<TAB>length` lines, offsets in dictd's base-64 digits, into a
// `.dict.dz` (dictzip, which gunzip reads as one gzip stream).
import fs from 'node:fs';
import zlib from 'node:zlib';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** dictd's base-64 number ("B0" = 1 * 64 + 52). */
export function decodeDictdNumber(text) {
  let n = 0;
  for (const ch of text) {
    const digit = DIGITS.indexOf(ch);
    if (digit < 0) throw new Error(`not a dictd number: ${text}`);
    n = n * 64 + digit;
  }
  return n;
}

/**
 * Every entry of the database in index order, each once (an index lists an entry under several keys),
 * without dictd's own `00-database-*` entries. An entry is its text: the headword line, then the body.
 */
export function readDictd(indexFile, dictFile) {
  const dict = zlib.gunzipSync(fs.readFileSync(dictFile));
  const seen = new Set();
  const entries = [];
  for (const line of fs.readFileSync(indexFile, 'utf8').split('\n')) {
    const [key, offset, length] = line.split('\t');
    if (!length || key.startsWith('00database') || key.startsWith('00-database')) continue;
    const start = decodeDictdNumber(offset);
    if (seen.has(start)) continue;
    seen.add(start);
    entries.push(dict.subarray(start, start + decodeDictdNumber(length)).toString('utf8'));
  }
  return entries;
}
