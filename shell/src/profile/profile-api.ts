import { ApiError, client, readCookie, CSRF_COOKIE, CSRF_HEADER, type SessionUser } from '@verba/kit';

// Schema-free calls (client.send), as on every shell page: see auth-api.ts.
export interface ProfileSettings {
  library?: { view?: 'table' | 'cards' };
  /** `uncertainMakesCard`: absent means on. */
  flashcards?: { autoplay?: boolean; showTranslationFirst?: boolean; uncertainMakesCard?: boolean };
  speech?: { speed?: number; voices?: Partial<Record<string, string>>; autoplay?: boolean };
}
export type Profile = SessionUser & {
  username: string | null;
  settings: ProfileSettings;
  timeSpent: Partial<Record<string, number>>;
  hasAvatar: boolean;
  hasPassword: boolean;
  learnedLanguages: string[];
  languageLevels: Partial<Record<string, string>>;
};
type Written = { profile: Profile };

export const fetchProfile = async () => (await client.send('GET', '/api/user/profile')) as Profile;
export const saveBasicInfo = async (body: { name?: string; username?: string }) =>
  ((await client.send('POST', '/api/user/basic-info', { body })) as Written).profile;
export const saveSettings = async (settings: ProfileSettings) =>
  ((await client.send('PATCH', '/api/user/settings', { body: settings })) as Written).profile;
export const switchLanguage = async (languageId: string) =>
  ((await client.send('POST', '/api/user/change-language', { body: { languageId } })) as Written).profile;
export const changePassword = async (currentPassword: string, newPassword: string) =>
  ((await client.send('POST', '/api/user/change-password', { body: { currentPassword, newPassword } })) as { message: string }).message;
export const deleteAccount = () => client.send('DELETE', '/api/user');

/** Multipart, so not through the JSON client; same cookies, CSRF header and error reading. */
export async function uploadAvatar(file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch('/api/user/avatar', {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '' },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? 'The image could not be uploaded.', body);
  }
}
