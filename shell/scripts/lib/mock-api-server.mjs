/**
 * The mocked /api (mock-api.mjs) as a real HTTP server, for serve-composed.mjs to proxy to
 * (`--api`). The phone benchmark needs this instead of page.route(): Playwright's routing turns the
 * browser's HTTP cache off (so no warm visit could be measured) and a fulfilled route never crosses
 * the emulated network (so API answers would arrive without the phone's latency).
 */
import { createServer } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

/** Serves `api.handle` on 127.0.0.1 (a free port). Resolves with { url, close }. */
export async function startMockApiServer(api) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request = {
        url: () => `http://${req.headers.host}${req.url}`,
        method: () => req.method,
        headers: () => req.headers,
        postDataJSON: () => (body ? JSON.parse(body) : null),
      };
      const route = {
        request: () => request,
        fulfill: async ({ status, contentType, body: answer }) => {
          const headers = { 'content-type': contentType, 'cache-control': 'no-store', vary: 'accept-encoding' };
          // As the API does (services/src/runtime/compression.ts): answers above 1 KiB in brotli, quality 4.
          const text = Buffer.from(answer ?? '');
          if (text.length > 1024 && /\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
            res.writeHead(status, { ...headers, 'content-encoding': 'br' });
            return res.end(brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
          }
          res.writeHead(status, headers);
          res.end(text);
        },
      };
      api.handle(route).catch((error) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
