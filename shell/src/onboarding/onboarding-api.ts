import { client, readRoute, sendCommand } from '@verba/kit';
import {
  addAfterOnboarding,
  basicInfo,
  changeLanguage as changeLanguageRoute,
  checkUsername as checkUsernameRoute,
  getVisibility,
  onboarding,
} from '@verba/contracts/http';
import type { LanguageCode, LevelCode } from './choices';

export const checkUsername = async (name: string) => (await client.call(checkUsernameRoute, { body: { name } })).available;

export const saveBasicInfo = async (body: { name?: string; username?: string }) => (await sendCommand(basicInfo, { body })).profile;

/** The main onboarding: language and level, then where the course starts (the Learn section uses it). */
export async function finishOnboarding(language: LanguageCode, level: LevelCode) {
  const { profile } = await sendCommand(onboarding, { body: { languageCode: language, level } });
  await sendCommand(addAfterOnboarding, { body: { languageCode: language, level } });
  return profile;
}

export const changeLanguage = async (language: LanguageCode) =>
  (await sendCommand(changeLanguageRoute, { body: { languageId: language } })).profile;

/** The languages whose course is on the platform (an admin can hide one: spec §3 isVisibleOnThePlatform). */
export async function visibleLanguageCodes(): Promise<Set<string>> {
  const { languages } = await readRoute(getVisibility);
  return new Set(languages.filter((l) => l.isVisibleOnThePlatform).map((l) => l.languageCode));
}
