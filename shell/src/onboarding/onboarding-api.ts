import { client, sendCommandUnparsed, type SessionUser } from '@verba/kit';
import type { LanguageCode, LevelCode } from './choices';

// Schema-free calls (client.send), as on every shell page: see auth-api.ts.
type Written = { profile: SessionUser & { username: string | null } };

export const checkUsername = async (name: string) =>
  ((await client.send('POST', '/api/user/check-username', { body: { name } })) as { available: boolean }).available;

export const saveBasicInfo = async (body: { name?: string; username?: string }) =>
  ((await client.send('POST', '/api/user/basic-info', { body })) as Written).profile;

/** The main onboarding: language and level, then where the course starts (the Learn section uses it). */
export async function finishOnboarding(language: LanguageCode, level: LevelCode): Promise<SessionUser> {
  const { profile } = (await client.send('POST', '/api/user/onboarding', { body: { languageCode: language, level } })) as Written;
  await sendCommandUnparsed('POST', '/api/courses/progress/add-after-onboarding', { languageCode: language, level });
  return profile;
}

export const changeLanguage = async (language: LanguageCode) =>
  ((await client.send('POST', '/api/user/change-language', { body: { languageId: language } })) as Written).profile;

/** The languages whose course is on the platform (an admin can hide one: spec §3 isVisibleOnThePlatform). */
export async function visibleLanguageCodes(): Promise<Set<string>> {
  const { languages } = (await client.send('GET', '/api/courses/visibility')) as {
    languages: { languageCode: string; isVisibleOnThePlatform: boolean }[];
  };
  return new Set(languages.filter((l) => l.isVisibleOnThePlatform).map((l) => l.languageCode));
}
