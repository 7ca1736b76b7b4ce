import compress from '@fastify/compress';
import type { App } from '../platform/http/server';

/**
 * API answers above 1 KiB (an article's text, a dictionary, lists) go out compressed for a client that
 * accepts it: on a phone's slow network the bytes, not the server, set the wait. Brotli at a low quality
 * (the plugin's default, 4) costs about as much CPU as gzip and gives smaller answers; the small answers
 * of the hot paths (marks, reviews) stay as they are. The web app's files are compressed at build time
 * and served as they are (web.ts): a response that already has a Content-Encoding is left alone.
 */
export async function compressResponses(app: App): Promise<void> {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
}
