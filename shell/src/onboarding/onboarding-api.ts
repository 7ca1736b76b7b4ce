import { useCommand, useRouteQuery } from '@verba/kit/query';
import {
  addAfterOnboarding,
  basicInfo,
  changeLanguage as changeLanguageRoute,
  checkUsername as checkUsernameRoute,
  getVisibility,
  onboarding,
} from '@verba/contracts/http';
import type { LanguageCode, LevelCode } from './choices';

// Reads through useRouteQuery, writes through useCommand (each records its position for the reads after it).

/** Whether a username is free (a question to the server, not a write). */
export function useCheckUsername() {
  const { mutateAsync } = useCommand(checkUsernameRoute);
  return async (name: string) => (await mutateAsync({ body: { name } })).available;
}

export function useSaveBasicInfo() {
  const { mutateAsync } = useCommand(basicInfo);
  return async (body: { name?: string; username?: string }) => (await mutateAsync({ body })).profile;
}

/** The main onboarding: language and level, then where the course starts (the Learn section uses it). */
export function useFinishOnboarding() {
  const { mutateAsync: onboard } = useCommand(onboarding);
  const { mutateAsync: startCourse } = useCommand(addAfterOnboarding);
  return async (language: LanguageCode, level: LevelCode) => {
    const { profile } = await onboard({ body: { languageCode: language, level } });
    await startCourse({ body: { languageCode: language, level } });
    return profile;
  };
}

export function useChangeLanguage() {
  const { mutateAsync } = useCommand(changeLanguageRoute);
  return async (language: LanguageCode) => (await mutateAsync({ body: { languageId: language } })).profile;
}

/** The languages whose course is on the platform (an admin can hide one: spec §3 isVisibleOnThePlatform); undefined until read. */
export const useVisibleLanguageCodes = () =>
  useRouteQuery(
    getVisibility,
    {},
    { select: ({ languages }) => new Set<string>(languages.filter((l) => l.isVisibleOnThePlatform).map((l) => l.languageCode)) },
  ).data;
