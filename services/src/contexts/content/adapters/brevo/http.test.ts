import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpBrevo } from './http';
import { BrevoUnavailableError } from './port';

interface Seen {
  method: string;
  url: string;
  apiKey: string | undefined;
  body: unknown;
}

/** A stand-in for Brevo's REST API on 127.0.0.1: records requests and answers like Brevo does. */
describe('Brevo HTTP adapter against a fake Brevo', () => {
  let server: Server;
  let baseUrl = '';
  const seen: Seen[] = [];
  const contacts = new Map<string, { email: string; emailBlacklisted: boolean; attributes: Record<string, string> }>();

  const readBody = async (req: IncomingMessage) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    return raw ? JSON.parse(raw) : undefined;
  };

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await readBody(req);
      seen.push({ method: req.method!, url: req.url!, apiKey: req.headers['api-key'] as string | undefined, body });
      const url = new URL(req.url!, 'http://x');
      const extId = decodeURIComponent(url.pathname.split('/').pop()!);
      const send = (status: number, json?: unknown) => {
        res.writeHead(status, json ? { 'content-type': 'application/json' } : {});
        res.end(json ? JSON.stringify(json) : undefined);
      };
      if (req.headers['api-key'] !== 'test-key') return send(401, { code: 'unauthorized', message: 'Key not found' });
      if (req.method === 'POST' && url.pathname === '/v3/contacts') {
        contacts.set(body.ext_id, { email: body.email, emailBlacklisted: false, attributes: body.attributes });
        return send(201, { id: 1 });
      }
      if (req.method === 'POST' && url.pathname === '/v3/smtp/email') return send(201, { messageId: '<1@brevo>' });
      const contact = contacts.get(extId);
      if (!contact) return send(404, { code: 'document_not_found', message: 'Contact does not exist' });
      if (req.method === 'GET')
        return send(200, { email: contact.email, emailBlacklisted: contact.emailBlacklisted, attributes: contact.attributes });
      if (req.method === 'PUT') {
        Object.assign(contact.attributes, body.attributes ?? {});
        if (body.emailBlacklisted !== undefined) contact.emailBlacklisted = body.emailBlacklisted;
        return send(204);
      }
      if (req.method === 'DELETE') {
        contacts.delete(extId);
        return send(204);
      }
      send(405);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v3`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const brevo = () => createHttpBrevo({ apiKey: 'test-key', baseUrl, sender: { email: 'support@verba.example', name: 'Verba' } });

  it('creates, reads, updates and deletes a contact by external id', async () => {
    const b = brevo();
    await b.createContact('user-1', { email: 'ana@example.com', name: 'Ana' });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/v3/contacts',
      apiKey: 'test-key',
      body: { email: 'ana@example.com', ext_id: 'user-1', attributes: { FIRSTNAME: 'Ana' }, updateEnabled: true },
    });
    expect(await b.getContact('user-1')).toEqual({ email: 'ana@example.com', name: 'Ana', emailBlacklisted: false });
    expect(seen.at(-1)!.url).toBe('/v3/contacts/user-1?identifierType=ext_id');

    expect(await b.updateContact('user-1', { emailBlacklisted: true, name: 'Ana M' })).toBe(true);
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', body: { attributes: { FIRSTNAME: 'Ana M' }, emailBlacklisted: true } });
    expect(await b.getContact('user-1')).toEqual({ email: 'ana@example.com', name: 'Ana M', emailBlacklisted: true });

    expect(await b.deleteContact('user-1')).toBe(true);
    expect(await b.deleteContact('user-1')).toBe(false);
    expect(await b.getContact('user-1')).toBeUndefined();
    expect(await b.updateContact('user-1', { name: 'x' })).toBe(false);
  });

  it('sends transactional mail from the configured sender', async () => {
    await brevo().sendEmail({
      to: { email: 'ana@example.com', name: 'Ana' },
      replyTo: { email: 'support@verba.example' },
      subject: 'Hi',
      text: 'Body',
    });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/v3/smtp/email',
      apiKey: 'test-key',
      body: {
        sender: { email: 'support@verba.example', name: 'Verba' },
        to: [{ email: 'ana@example.com', name: 'Ana' }],
        replyTo: { email: 'support@verba.example' },
        subject: 'Hi',
        textContent: 'Body',
      },
    });
  });

  it('turns a refused key or an unreachable server into BrevoUnavailableError', async () => {
    const wrongKey = createHttpBrevo({ apiKey: 'nope', baseUrl, sender: { email: 's@verba.example', name: 'V' } });
    await expect(wrongKey.getContact('user-1')).rejects.toThrow(BrevoUnavailableError);
    await expect(wrongKey.getContact('user-1')).rejects.toThrow(/answered 401/);
    const down = createHttpBrevo({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9/v3',
      sender: { email: 's@verba.example', name: 'V' },
      timeoutMs: 2000,
    });
    await expect(down.sendEmail({ to: { email: 'a@example.com' }, subject: 's', text: 't' })).rejects.toThrow(BrevoUnavailableError);
  });
});
