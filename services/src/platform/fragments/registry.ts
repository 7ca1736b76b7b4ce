/**
 * Publishing a fragment: its build is uploaded under `<name>/<content hash>/` (never overwritten), then
 * the environment's pointer `registry/<env>.json` is moved to that hash in one atomic swap; rollback
 * moves it back to the version before. The API serves the pointer to the shell as name -> manifest URL.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { FragmentStore } from './store';

const pointerSchema = z.object({
  fragments: z.record(
    z.string(),
    z.object({
      version: z.string(),
      publishedAt: z.string(),
      /** Earlier versions, newest first: what rollback moves back to. */
      history: z.array(z.string()),
    }),
  ),
});
export type RegistryPointer = z.infer<typeof pointerSchema>;

export const pointerKey = (env: string) => `registry/${env}.json`;
export const manifestKey = (name: string, version: string) => `${name}/${version}/mf-manifest.json`;
const HISTORY = 20;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The build's version: a hash of every file's path and bytes, so the same build always gets the same key. */
export async function contentHash(dist: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesOf(dist))
    hash
      .update(file)
      .update('\0')
      .update(await readFile(path.join(dist, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

export async function readPointer(store: FragmentStore, env: string): Promise<{ pointer: RegistryPointer; tag: string | undefined }> {
  const stored = await store.read(pointerKey(env));
  if (!stored) return { pointer: { fragments: {} }, tag: undefined };
  return { pointer: pointerSchema.parse(JSON.parse(stored.body.toString('utf8'))), tag: stored.tag };
}

/** Read, change, compare-and-swap; another publisher's swap in between makes us start again from its pointer. */
async function movePointer(store: FragmentStore, env: string, change: (p: RegistryPointer) => RegistryPointer): Promise<RegistryPointer> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { pointer, tag } = await readPointer(store, env);
    const next = change(structuredClone(pointer));
    if (await store.swap(pointerKey(env), Buffer.from(JSON.stringify(next, null, 2) + '\n'), tag)) return next;
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
  throw new Error(`registry ${env} is busy: another publish kept changing it; try again`);
}

export interface PublishResult {
  version: string;
  previous: string | undefined;
  uploaded: number;
}

export async function publishFragment(
  store: FragmentStore,
  o: { name: string; env: string; dist: string; now?: Date },
): Promise<PublishResult> {
  const files = await filesOf(o.dist);
  if (!files.includes('mf-manifest.json')) throw new Error(`${o.dist} has no mf-manifest.json: build the fragment first`);
  const version = await contentHash(o.dist);
  let uploaded = 0;
  // The manifest last: a half-uploaded version never has an entry point.
  for (const file of [...files.filter((f) => f !== 'mf-manifest.json'), 'mf-manifest.json']) {
    const body = await compressedAsItsFile(o.dist, file, await readFile(path.join(o.dist, file)));
    if (await store.putImmutable(`${o.name}/${version}/${file}`, body, TYPES[path.extname(file)] ?? 'application/octet-stream')) uploaded++;
  }
  let previous: string | undefined;
  await movePointer(store, o.env, (p) => {
    const current = p.fragments[o.name];
    previous = current?.version;
    if (current?.version === version) return p;
    p.fragments[o.name] = {
      version,
      publishedAt: (o.now ?? new Date()).toISOString(),
      history: current ? [...new Set([current.version, ...current.history])].filter((v) => v !== version).slice(0, HISTORY) : [],
    };
    return p;
  });
  return { version, previous, uploaded };
}

/**
 * A build's .br or .gz is what the store serves in place of its file (preCompressed): one that no longer
 * holds its file (the file changed after the build) is made again from the file, never published stale.
 */
async function compressedAsItsFile(dist: string, file: string, body: Buffer): Promise<Buffer> {
  const ext = path.extname(file);
  if (ext !== '.br' && ext !== '.gz') return body;
  const source = await readFile(path.join(dist, file.slice(0, -ext.length))).catch(() => undefined);
  if (!source) return body;
  const inflate = ext === '.br' ? brotliDecompressSync : gunzipSync;
  const holds = (() => {
    try {
      return inflate(body).equals(source);
    } catch {
      return false; // not even a valid stream
    }
  })();
  if (holds) return body;
  return ext === '.br' ? brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(source, { level: 9 });
}

export async function rollbackFragment(
  store: FragmentStore,
  o: { name: string; env: string; now?: Date },
): Promise<{ version: string; from: string }> {
  let result: { version: string; from: string } | undefined;
  await movePointer(store, o.env, (p) => {
    const current = p.fragments[o.name];
    const [back, ...rest] = current?.history ?? [];
    if (!current || !back) throw new Error(`${o.name} has no earlier version in ${o.env} to roll back to`);
    result = { version: back, from: current.version };
    p.fragments[o.name] = { version: back, publishedAt: (o.now ?? new Date()).toISOString(), history: rest };
    return p;
  });
  return result!;
}

/** What the shell loads: each published fragment's manifest URL under `publicUrl`, over the built-in ones. */
export async function environmentRegistry(
  store: FragmentStore,
  env: string,
  publicUrl: string,
  builtIn: Record<string, string>,
): Promise<Record<string, string>> {
  const { pointer } = await readPointer(store, env);
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  const published = Object.entries(pointer.fragments).map(([name, f]) => [name, base + manifestKey(name, f.version)]);
  return { ...builtIn, ...Object.fromEntries(published) };
}
