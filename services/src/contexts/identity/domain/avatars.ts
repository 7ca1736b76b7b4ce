import type { Knex } from 'knex';
import { IMAGE_MAX_BYTES, MESSAGES, profileRoutes as r } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { useMultipart } from '../../../platform/http/multipart';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';

export const AVATAR_TOO_LARGE = 'The image must be at most 4 MB.';
export const AVATAR_WRONG_TYPE = 'Only PNG or JPEG images are allowed.';

/** Avatars are media, not domain events: kept in their own table, removed with the account. */
export async function migrateAvatars(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411007)');
    if (await trx.schema.hasTable('identity_avatars')) return;
    await trx.schema.createTable('identity_avatars', (tb) => {
      tb.uuid('user_id').primary();
      tb.text('content_type').notNullable();
      tb.binary('bytes').notNullable();
      tb.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  });
}

/** The type by the file's own first bytes, not by what the browser claims. */
function sniff(bytes: Buffer): 'image/png' | 'image/jpeg' | undefined {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

export const hasAvatar = async (db: Knex, userId: string) =>
  Boolean(await db('identity_avatars').where({ user_id: userId }).first('user_id'));
export const deleteAvatar = (db: Knex, userId: string) => db('identity_avatars').where({ user_id: userId }).delete();

/** POST /api/user/avatar (multipart, exactly one png or jpeg file, at most 4194304 bytes); GET serves it. */
export async function avatarRoutes(app: App, host: RouteHost, db: Knex): Promise<void> {
  await useMultipart(app);

  registerRoute(app, host, r.uploadAvatar, async ({ user, request }) => {
    if (!request.isMultipart()) throw new HttpError(400, MESSAGES.form.fileRequired);
    const files = [];
    for await (const part of request.files({ limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 0 } })) {
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, AVATAR_TOO_LARGE);
        throw error;
      });
      files.push(bytes);
    }
    if (files.length !== 1 || files[0]!.length === 0) throw new HttpError(400, MESSAGES.form.fileRequired);
    const bytes = files[0]!;
    const type = sniff(bytes);
    if (!type) throw new HttpError(400, AVATAR_WRONG_TYPE);
    await db('identity_avatars')
      .insert({ user_id: user.id, content_type: type, bytes, updated_at: db.fn.now() })
      .onConflict('user_id')
      .merge();
    return { ok: true as const };
  });

  registerRoute(app, host, r.getAvatar, async ({ user, reply }) => {
    const row = await db('identity_avatars').where({ user_id: user.id }).first('content_type', 'bytes');
    if (!row) throw new HttpError(404, 'No profile image');
    reply.header('content-type', row.content_type).header('cache-control', 'private, no-cache');
    return row.bytes as Buffer;
  });
}
