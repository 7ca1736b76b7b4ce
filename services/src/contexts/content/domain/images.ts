import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import multipart from '@fastify/multipart';
import {
  IMAGE_LIMITS,
  MEDIA_MESSAGES,
  MESSAGES,
  adminMediaRoutes as r,
  type AdminImage,
  type ImageKind,
  type ImageUse,
} from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { MediaStorage } from '../../../platform/storage/port';
import { imageUsageProjection } from '../projections/image-usage';

/** Images are media, not domain events (like profile images): a metadata table plus the storage's bytes. */
export async function migrateImages(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411021)');
    if (await trx.schema.hasTable('content_images')) return;
    await trx.schema.createTable('content_images', (tb) => {
      tb.text('id').primary(); // sha-256 of the bytes
      tb.text('name').notNullable();
      tb.text('kind').notNullable();
      tb.text('content_type').notNullable();
      tb.integer('size').notNullable();
      tb.uuid('uploaded_by').notNullable();
      tb.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  });
}

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
type ImageType = keyof typeof EXTENSIONS;

/** The type by the file's own first bytes (a renamed .exe or an SVG is neither). */
export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

interface Row {
  id: string;
  name: string;
  kind: ImageKind;
  content_type: ImageType;
  size: number;
  created_at: Date;
}
const fileOf = (row: Pick<Row, 'id' | 'content_type'>) => `${row.id}.${EXTENSIONS[row.content_type]}`;
const toImage = (row: Row): AdminImage => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  contentType: row.content_type,
  size: row.size,
  url: `/api/images/${fileOf(row)}`,
  createdAt: new Date(row.created_at).getTime(),
});
/** The file's name as shown in the list: its base name, no path, no control characters. */
const cleanName = (name: string) =>
  path
    .basename(name.replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '')
    .slice(0, 200) || 'image';
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The image manager's routes: upload (one file, checked by its bytes), list and search, delete, serve. */
export async function imageRoutes(app: App, host: RouteHost, db: Knex, storage: MediaStorage): Promise<void> {
  // Another context may have registered the multipart parser on this app already (it is global).
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart);

  registerRoute(app, host, r.uploadImage, async ({ user, query, request }) => {
    if (!request.isMultipart()) throw new HttpError(400, MESSAGES.form.fileRequired);
    const files: { name: string; bytes: Buffer }[] = [];
    for await (const part of request.files({ limits: { fileSize: IMAGE_LIMITS[query.kind], files: 3, fields: 0 } })) {
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, MEDIA_MESSAGES.tooLarge(query.kind));
        throw error;
      });
      files.push({ name: part.filename, bytes });
    }
    if (files.length !== 1 || files[0]!.bytes.length === 0) throw new HttpError(400, MESSAGES.form.fileRequired);
    const { name, bytes } = files[0]!;
    const type = sniffImage(bytes);
    if (!type) throw new HttpError(400, MEDIA_MESSAGES.wrongType);
    const id = createHash('sha256').update(bytes).digest('hex');
    await storage.put(fileOf({ id, content_type: type }), bytes, type);
    const row = { id, name: cleanName(name), kind: query.kind, content_type: type, size: bytes.length, uploaded_by: user.id };
    await db('content_images').insert(row).onConflict('id').ignore();
    return { image: toImage(await db('content_images').where({ id }).first()) };
  });

  registerRoute(app, host, r.listImages, async ({ query }) => {
    const filtered = () =>
      db('content_images').modify((q) => (query.search ? void q.whereILike('name', likePattern(query.search)) : undefined));
    const [column, direction] = query.sort === 'name' ? ['name', 'asc'] : query.sort === 'size' ? ['size', 'desc'] : ['created_at', 'desc'];
    const [rows, counted] = await Promise.all([
      filtered()
        .orderBy(column!, direction as 'asc' | 'desc')
        .orderBy('id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .select(),
      filtered().count({ count: '*' }),
    ]);
    return { images: (rows as Row[]).map(toImage), total: Number(counted[0]?.count ?? 0), page: query.page, pageSize: query.pageSize };
  });

  registerRoute(
    app,
    host,
    r.deleteImage,
    async ({ params }) => {
      const row: Row | undefined = await db('content_images').where({ id: params.imageId }).first();
      if (!row) throw new HttpError(404, MEDIA_MESSAGES.imageNotFound);
      const uses: ImageUse[] = await db('content_image_usage')
        .where({ image_id: row.id })
        .orderBy(['kind', 'title'])
        .limit(5)
        .select('kind', 'title');
      if (uses.length) throw new HttpError(409, MEDIA_MESSAGES.inUse(uses));
      await db('content_images').where({ id: row.id }).delete();
      await storage.delete(fileOf(row));
      return { ok: true as const };
    },
    { reads: [imageUsageProjection] },
  );

  registerRoute(app, host, r.getImage, async ({ params, reply }) => {
    const row: Row | undefined = await db('content_images')
      .where({ id: params.file.slice(0, 64) })
      .first();
    const bytes = row && fileOf(row) === params.file ? await storage.get(params.file) : undefined;
    if (!row || !bytes) throw new HttpError(404, MEDIA_MESSAGES.imageNotFound);
    // The URL names the bytes, so they never change under it.
    reply.header('content-type', row.content_type).header('cache-control', 'public, max-age=31536000, immutable');
    return bytes;
  });
}
