/**
 * The mocked /api (mock-api.mjs) as a real HTTP server, for serve-composed.mjs to proxy to
 * (`--api`). The phone benchmark needs this instead of page.route(): Playwright's routing turns the
 * browser's HTTP cache off (so no warm visit could be measured) and a fulfilled route never crosses
 * the emulated network (so API answers would arrive without the phone's latency).
 */
import { createServer } from 'node:http';

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
          res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
          res.end(answer);
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
