import { BrevoUnavailableError, type Brevo, type MarketingContact } from './port';

export interface HttpBrevoOptions {
  apiKey: string;
  /** e.g. https://api.brevo.com/v3 */
  baseUrl: string;
  /** Sender of transactional mail (must be a sender verified in the Brevo account). */
  sender: { email: string; name: string };
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Brevo's REST API (v3). Contacts are addressed by external id (`identifierType=ext_id`). */
export function createHttpBrevo(o: HttpBrevoOptions): Brevo {
  const base = o.baseUrl.replace(/\/+$/, '');
  const doFetch = o.fetch ?? fetch;

  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          'api-key': o.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new BrevoUnavailableError(`Brevo ${method} ${path} failed: ${(error as Error).message}`);
    }
    if (res.ok || res.status === 404) return res;
    const text = await res.text().catch(() => '');
    throw new BrevoUnavailableError(`Brevo ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  }
  const contactPath = (extId: string) => `/contacts/${encodeURIComponent(extId)}?identifierType=ext_id`;

  return {
    name: 'brevo',
    async createContact(extId, contact) {
      const attributes = contact.name ? { FIRSTNAME: contact.name } : {};
      await request('POST', '/contacts', { email: contact.email, ext_id: extId, attributes, updateEnabled: true });
    },
    async updateContact(extId, changes) {
      const attributes: Record<string, string> = {};
      if (changes.name !== undefined) attributes.FIRSTNAME = changes.name;
      if (changes.email !== undefined) attributes.EMAIL = changes.email;
      const body = {
        ...(Object.keys(attributes).length ? { attributes } : {}),
        ...(changes.emailBlacklisted !== undefined ? { emailBlacklisted: changes.emailBlacklisted } : {}),
      };
      const res = await request('PUT', contactPath(extId), body);
      return res.status !== 404;
    },
    async getContact(extId): Promise<MarketingContact | undefined> {
      const res = await request('GET', contactPath(extId));
      if (res.status === 404) return undefined;
      const data = (await res.json()) as { email?: string; emailBlacklisted?: boolean; attributes?: { FIRSTNAME?: unknown } };
      const name = typeof data.attributes?.FIRSTNAME === 'string' ? data.attributes.FIRSTNAME : undefined;
      return { email: data.email ?? '', emailBlacklisted: data.emailBlacklisted === true, ...(name ? { name } : {}) };
    },
    async deleteContact(extId) {
      const res = await request('DELETE', contactPath(extId));
      return res.status !== 404;
    },
    async sendEmail(email) {
      const res = await request('POST', '/smtp/email', {
        sender: o.sender,
        to: [email.to],
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        subject: email.subject,
        textContent: email.text,
      });
      if (res.status === 404) throw new BrevoUnavailableError('Brevo /smtp/email answered 404');
    },
  };
}
