/**
 * The routes that take a file or a URL to fetch, found in the contracts route table, and how to send a
 * hostile file or page to each: a multipart route needs its other fields, a fetching route its body. A
 * route of either kind without a declaration here fails the hostile-upload suite, so a new upload route
 * is tried with every hostile input from the day it exists.
 */
import { randomUUID } from 'node:crypto';
import type { RouteDef } from '@verba/contracts/http';
import { z } from 'zod';
import { multipartForm } from '../contexts/library/epub';
import { contractRoutes } from '../security/route-table';

export interface UploadDeclaration {
  /** Who may call it: the suite sends as that caller, so the file reaches the parser. */
  as: 'learner' | 'admin';
  /** The request with the file in it; `own` names things the learner owns (their private article). */
  form(
    file: { filename: string; bytes: Uint8Array },
    own: { articleId: string },
  ): { url: string; payload: Buffer; headers: Record<string, string> };
}

export interface FetchDeclaration {
  as: 'learner' | 'admin';
  body(url: string): Record<string, unknown>;
}

const withUrl =
  (url: string) =>
  (file: { filename: string; bytes: Uint8Array }, fields: Record<string, string> = {}) => ({ url, ...multipartForm(fields, file) });

export const UPLOAD_ROUTES: Record<string, UploadDeclaration> = {
  'POST /api/articles/import/file': {
    as: 'learner',
    form: (file) =>
      withUrl('/api/articles/import/file')(file, {
        languageCode: 'de',
        category: 'Fiction',
        generalDifficulty: 'B1',
        commandId: randomUUID(),
      }),
  },
  'POST /api/user/avatar': { as: 'learner', form: (file) => withUrl('/api/user/avatar')(file) },
  'POST /api/admin/images': { as: 'admin', form: (file) => withUrl('/api/admin/images?kind=content')(file) },
  'POST /api/admin/audio/:targetKind/:targetId': {
    as: 'admin',
    form: (file) => withUrl(`/api/admin/audio/article/${randomUUID()}`)(file, { text: 'Ein Satz. Noch ein Satz.' }),
  },
  // The learner's own audio, on their own private article (issue 40.2).
  'POST /api/audio/article/:articleId': { as: 'learner', form: (file, own) => withUrl(`/api/audio/article/${own.articleId}`)(file) },
};

export const FETCH_ROUTES: Record<string, FetchDeclaration> = {
  'POST /api/articles/import/url': { as: 'learner', body: (url) => ({ url, languageCode: 'de', commandId: randomUUID() }) },
};

const bodyKeys = (route: RouteDef) =>
  route.body
    ? Object.keys((z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as { properties?: object }).properties ?? {})
    : [];

/** Routes that take a file (multipart) and routes whose body names a URL the server may fetch. */
export const uploadRoutes = contractRoutes.filter(({ route }) => route.consumes?.includes('multipart/form-data'));
export const fetchRoutes = contractRoutes.filter(({ route }) => route.method !== 'GET' && bodyKeys(route).includes('url'));
