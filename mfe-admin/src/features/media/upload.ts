import { ApiError, CSRF_COOKIE, CSRF_HEADER, readCookie } from '@verba/kit';
import { ImageSchema, type AdminImage, type ImageKind } from '@verba/contracts/http';

/** Multipart, so not through the JSON client; same cookies, CSRF header and error reading as the profile image. */
export async function uploadImage(file: File, kind: ImageKind): Promise<AdminImage> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`/api/admin/images?kind=${kind}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '' },
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string; image?: unknown };
  if (!res.ok) throw new ApiError(res.status, body.message ?? 'The image could not be uploaded.', body);
  return ImageSchema.parse(body.image);
}
