/** A browser-like client of a running role: keeps its cookies and echoes the CSRF cookie in its header. */
export class CookieClient {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  /** Sends a JSON request; resolves with the status and the parsed answer (undefined when not JSON). */
  async call(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.has('verba_csrf') ? { 'x-verba-csrf': this.cookies.get('verba_csrf')! } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      this.cookies.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
    }
    return { status: res.status, json: await res.json().catch(() => undefined) };
  }
}
