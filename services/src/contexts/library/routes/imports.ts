import type { MultipartFile } from '@fastify/multipart';
import { IMPORT_FILE_MAX_BYTES, IMPORT_MESSAGES as M, ImportFileFieldsSchema, importRoutes as r } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { useMultipart } from '../../../platform/http/multipart';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import { actorOf, type Callers } from '../domain/actor';
import type { ImportCommands } from '../commands/imports';

const FIELDS_MAX = 10;

/** Reads the form: its fields and one file, refused as soon as the file passes the import limit. */
async function readForm(parts: AsyncIterableIterator<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>) {
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const bytes = await (part as MultipartFile).toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.fileTooLarge);
      throw error;
    });
    if (file) throw new HttpError(400, M.fileRequired);
    file = { filename: (part as MultipartFile).filename ?? '', bytes };
  }
  return { fields, file };
}

/** Bringing your own texts into the library (see commands/imports.ts). */
export async function importRoutes(app: App, host: RouteHost & Callers, imports: ImportCommands): Promise<void> {
  await useMultipart(app);

  registerRoute(app, host, r.importText, async ({ user, body }) => {
    const { commandId, name, text, ...settings } = body;
    return imports.text(await actorOf(host, user), settings, name, text, commandId);
  });

  registerRoute(app, host, r.importUrl, async ({ user, body }) => {
    const { commandId, url, ...settings } = body;
    return imports.url(await actorOf(host, user), settings, url, commandId);
  });

  registerRoute(app, host, r.importFile, async ({ user, request }) => {
    if (!request.isMultipart()) throw new HttpError(400, M.fileRequired);
    const { fields, file } = await readForm(
      request.parts({ limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 2, fields: FIELDS_MAX, fieldSize: 1000 } }) as never,
    );
    const parsed = ImportFileFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new HttpError(400, issue.message, { errors: [{ path: `body.${issue.path.join('.')}`, message: issue.message }] });
    }
    if (!file) throw new HttpError(400, M.fileRequired);
    const { commandId, ...settings } = parsed.data;
    return imports.file(await actorOf(host, user), settings, file.filename, file.bytes, commandId);
  });

  registerRoute(app, host, r.importProgress, async ({ user, query }) => {
    const progress = await imports.progressOf(user.id, query.importId);
    if (!progress) throw new HttpError(404, M.importNotFound);
    return progress;
  });
}
