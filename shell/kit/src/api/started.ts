import { ApiError, NETWORK_ERROR, buildPath, errorMessage } from '@verba/contracts/client';
import type { CallInput, RouteDef } from './api';
import { callCommand, takesCommandId, withCommandId, type CommandInput, type CommandOutput } from './commands';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from './cookies';
import { positions } from './positions';
import { session } from '../session/session-store';

/**
 * Long commands the page follows while they run (imports): the kit makes the command id as for any write
 * and hands it out with the pending answer, so the page can poll the command's progress by that id.
 */
export interface Started<T> {
  commandId: string;
  result: Promise<T>;
}

/** A JSON command, started: the same as `sendCommand`, with its command id in hand. */
export function startCommand<D extends RouteDef>(route: D, input: CommandInput<D>): Started<CommandOutput<D>> {
  const full = withCommandId(route, input);
  const commandId = String((full.body as { commandId?: unknown } | undefined)?.commandId ?? '');
  return { commandId, result: callCommand(route, full) };
}

export interface UploadInput {
  /** Form fields sent before the file (the route's settings); the kit adds `commandId`. */
  fields: Record<string, string>;
  file: Blob;
  filename: string;
  /** Bytes sent so far, as a fraction 0..1 (XMLHttpRequest's upload progress; fetch has none). */
  onUploadProgress?: (fraction: number) => void;
}

/**
 * A multipart upload to a contract route that `consumes` multipart/form-data: fields, a fresh command id,
 * then the file; CSRF and cookies as every write; the answer parsed with the route's schema and its
 * position recorded for read-your-writes; a 401 marks the session expired as the client does.
 */
export function startUpload<D extends RouteDef>(route: D, input: UploadInput, params?: CallInput<D>['params']): Started<CommandOutput<D>> {
  const commandId = crypto.randomUUID();
  const result = new Promise<CommandOutput<D>>((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(input.fields)) form.append(name, value);
    // Only where the route takes one: a route without it counts its fields (the avatar takes none).
    if (takesCommandId(route)) form.append('commandId', commandId);
    form.append('file', input.file, input.filename);
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, buildPath(route.path, params as Record<string, unknown> | undefined));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, readCookie(CSRF_COOKIE) ?? '');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) input.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, undefined));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) session.markExpired();
        reject(new ApiError(xhr.status, errorMessage(body), body));
        return;
      }
      try {
        const parsed = route.response.parse(body) as CommandOutput<D>;
        const position = (parsed as { position?: unknown } | null)?.position;
        if (typeof position === 'string') positions.record(position);
        resolve(parsed);
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(form);
  });
  return { commandId, result };
}
