import multipart from '@fastify/multipart';
import type { App } from './server';

/**
 * Registers @fastify/multipart once per server, whichever context asks first. Its defaults take nothing
 * (no field, no file): each route that reads a form passes its own limits to `request.parts()`/`files()`.
 */
export async function useMultipart(app: App): Promise<void> {
  if (app.hasRequestDecorator('isMultipart')) return;
  await app.register(multipart, { limits: { fileSize: 0, files: 0, fields: 0 } });
}
