import { z } from 'zod';

/** Who may call a route: anyone, a signed-in user, or an Admin/Owner. */
export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One route of the API, shared by the server (which registers it with these schemas) and the browser
 * client (which calls it and parses the response with them). Paths use `:param` segments.
 */
export interface RouteDef {
  method: HttpMethod;
  path: `/api/${string}`;
  access: Access;
  summary: string;
  /** Longer text for the API document (e.g. error answers and headers worth knowing). */
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * Media types of the request body when it is not JSON. `multipart/form-data` (a file upload): the server
   * streams the parts in the handler, and `body` only describes the form for the API document.
   */
  consumes?: readonly string[];
  /** Media types of a success response that is bytes, not JSON (its `response` schema is then bytes). */
  produces?: readonly string[];
  /** Success status; 200 unless said. */
  status?: 200 | 201 | 202;
  /** The 401 text where the spec words it for this call (default: the session-expired text). */
  unauthenticated?: string;
  /**
   * Errors of this route beyond the ones every route of its kind can answer (validation, session, CSRF,
   * admin, read-your-writes), for the API document: status -> when it happens.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
}

export type ErrorStatus = 400 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

export function defineRoute<const D extends RouteDef>(route: D): D {
  return route;
}

/** Raw bytes in a body (uploaded files, images, audio); the route's media types say what kind. */
export const BytesSchema = z.custom<Uint8Array>((v) => v instanceof Uint8Array);

/** Errors are problem+json; `message` repeats `detail` for clients that read either. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  message: z.string(),
  /** A machine-readable reason where the client acts on it (e.g. 'email-not-verified'). */
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

/** A place in the event log ("transaction.sequence"); commands return it, queries accept it as minPosition. */
export const PositionSchema = z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'Not a log position');

/** Client-made id of a command, so a retried request takes effect once. */
export const CommandIdSchema = z.uuid({ message: 'commandId must be a UUID' });
/** A command id sent again with another body, or by another user (a retry sends the same request). */
export const COMMAND_ID_REUSED = 'This command id was already used for another request.';

export const OkSchema = z.object({ ok: z.literal(true) });

/** The admin lists' page size unless asked (spec §9: "default page step in admin lists: not shown"). */
export const ADMIN_PAGE_SIZE = 20;

/** The paging inputs of a list paged on the server (pages count from 1), with its default page size. */
export const pageQuery = (pageSize: number, max = 100) => ({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(max).default(pageSize),
});

/** What a paged answer says besides its rows: the page it is, its size, and how many rows match in all. */
export const pageFields = { page: z.number().int(), pageSize: z.number().int(), total: z.number().int() };
