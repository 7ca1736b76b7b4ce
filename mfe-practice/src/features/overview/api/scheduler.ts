import { keepPrevious, useCommand, useRouteQuery } from '@verba/kit/query';
import { fitScheduler, forecastScheduler, getScheduler, setDesiredRetention } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** The learner's scheduler: retention, parameters in use and the last fit (read again after a fit or a change). */
export const useScheduler = () => useRouteQuery(getScheduler, {});

/** Reviews a day for the next 30 days at a retention (the slider's, before it is saved). */
export function useForecast(languageCode: LearningLanguage, desiredRetention: number) {
  return useRouteQuery(forecastScheduler, { query: { languageCode, desiredRetention } }, { placeholderData: keepPrevious });
}

export const useSetDesiredRetention = () => useCommand(setDesiredRetention);
export const useFitScheduler = () => useCommand(fitScheduler);
