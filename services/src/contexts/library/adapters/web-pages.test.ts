import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M } from '@verba/contracts';
import { httpWebPages } from './web-pages';

describe('the web page reader of imports', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/gross') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>' + 'a'.repeat(5000) + '</p>');
      else if (req.url === '/langsam') setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>spät</p>'), 2000);
      else if (req.url === '/latin1')
        res
          .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
          .end(Buffer.from([0x3c, 0x70, 0x3e, 0x47, 0x72, 0xfc, 0xdf, 0x65]));
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Hallo</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('refuses loopback and private addresses by default, by name as well as by number', async () => {
    const pages = httpWebPages();
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, 'http://10.0.0.1/', 'http://[::1]/', 'http://0.0.0.0/']) {
      await expect(pages.load(url), url).rejects.toMatchObject({ status: 400, message: M.urlPrivate });
    }
  });

  it('reads an allowed address, in the charset the server names', async () => {
    const pages = httpWebPages({ allowAddresses: ['127.0.0.1'] });
    expect(await pages.load(`http://127.0.0.1:${port}/`)).toMatchObject({ body: '<p>Hallo</p>' });
    expect((await pages.load(`http://127.0.0.1:${port}/latin1`)).body).toBe('<p>Grüße');
  });

  it('stops reading past the size cap and after the time limit', async () => {
    await expect(
      httpWebPages({ allowAddresses: ['127.0.0.1'], maxBytes: 1000 }).load(`http://127.0.0.1:${port}/gross`),
    ).rejects.toMatchObject({ status: 413, message: M.pageTooLarge });
    await expect(
      httpWebPages({ allowAddresses: ['127.0.0.1'], timeoutMs: 200 }).load(`http://127.0.0.1:${port}/langsam`),
    ).rejects.toMatchObject({ status: 422, message: M.urlTimeout });
  });
});
