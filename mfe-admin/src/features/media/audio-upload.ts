import { ApiError, CSRF_COOKIE, CSRF_HEADER, readCookie } from '@verba/kit';
import { PositionSchema } from '@verba/contracts/http';
import { AttachedAudioSchema, type AttachedAudio, type AudioTarget } from '@verba/contracts/http';

/** Multipart, so not through the JSON client (like the image upload): the text first, then the one file. */
export async function uploadAudio(
  targetKind: AudioTarget,
  targetId: string,
  file: File,
  text: string,
): Promise<{ audio: AttachedAudio; position?: string }> {
  const form = new FormData();
  form.append('text', text);
  form.append('file', file);
  const res = await fetch(`/api/admin/audio/${targetKind}/${encodeURIComponent(targetId)}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '' },
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string; audio?: unknown; position?: unknown };
  if (!res.ok) throw new ApiError(res.status, body.message ?? 'The audio could not be uploaded.', body);
  return { audio: AttachedAudioSchema.parse(body.audio), ...(body.position ? { position: PositionSchema.parse(body.position) } : {}) };
}
