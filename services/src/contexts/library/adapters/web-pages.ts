import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { IMPORT_MESSAGES as M, IMPORT_PAGE_MAX_BYTES, IMPORT_PAGE_TIMEOUT_MS } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';

/** The port through which the library reads a web page a learner imports. */
export interface WebPages {
  /** The page's HTML (or text) and the address it was finally read from after redirects. */
  load(url: string): Promise<{ url: string; body: string; contentType: string }>;
}

export interface WebPageOptions {
  /** Addresses or CIDRs allowed although private or local (tests serve pages on 127.0.0.1). */
  allowAddresses?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
}

const REDIRECTS_MAX = 5;
const PAGE_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain)\b/i;

const refused = (error: unknown) => error instanceof Error && /is not allowed/.test(error.message);

/**
 * Reads pages over http(s) only, refusing private, loopback, link-local and reserved addresses (checked on
 * the address actually connected to, after DNS, so a name that resolves to 127.0.0.1 is refused as well
 * and DNS rebinding cannot slip through), every redirect hop checked again; at most `maxBytes` of body
 * within `timeoutMs` for the whole read.
 */
export function httpWebPages(options: WebPageOptions = {}): WebPages {
  const filter = { allowIPAddressList: [...(options.allowAddresses ?? [])], keepAlive: false };
  const agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
  const maxBytes = options.maxBytes ?? IMPORT_PAGE_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? IMPORT_PAGE_TIMEOUT_MS;

  const get = (url: URL, signal: AbortSignal) =>
    new Promise<{ status: number; location?: string; contentType: string; body: Buffer }>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.get(
        url,
        {
          agent: url.protocol === 'https:' ? agents.https : agents.http,
          signal,
          headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.8', 'user-agent': 'Verba article import' },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const contentType = String(response.headers['content-type'] ?? '');
          if (status >= 300 && status < 400) {
            response.resume();
            resolve({ status, location: response.headers.location, contentType, body: Buffer.alloc(0) });
            return;
          }
          if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
            request.destroy();
            reject(new HttpError(413, M.pageTooLarge));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              request.destroy();
              reject(new HttpError(413, M.pageTooLarge));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });

  return {
    async load(address) {
      const signal = AbortSignal.timeout(timeoutMs);
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        throw new HttpError(400, M.urlInvalid);
      }
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(400, M.urlInvalid);
        if (url.username || url.password) throw new HttpError(400, M.urlInvalid);
        let answer;
        try {
          answer = await get(url, signal);
        } catch (error) {
          if (error instanceof HttpError) throw error;
          if (refused(error)) throw new HttpError(400, M.urlPrivate);
          if (signal.aborted) throw new HttpError(422, M.urlTimeout);
          throw new HttpError(422, M.urlUnreachable);
        }
        if (answer.location && hop < REDIRECTS_MAX) {
          url = new URL(answer.location, url);
          continue;
        }
        if (answer.status < 200 || answer.status >= 300) throw new HttpError(422, M.urlUnreachable);
        if (!PAGE_TYPES.test(answer.contentType)) throw new HttpError(400, M.notWebPage);
        return { url: url.toString(), body: decode(answer.body, answer.contentType), contentType: answer.contentType };
      }
    },
  };
}

/** The body as text in the charset the server or the page names (UTF-8 when none or unknown). */
function decode(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
