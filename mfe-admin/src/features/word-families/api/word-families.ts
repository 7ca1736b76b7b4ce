import { useCommand, useRouteQuery } from '@verba/kit/query';
import { correctBase, getBaseCorrection } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import type { CommandOptions } from '../../../shared/api/command-options';

/** A form's base word by the dictionary and its correction, if any; read again after this tab's corrections. */
export function useBaseCorrection(looked: { languageCode: LearningLanguage; word: string } | null) {
  return useRouteQuery(getBaseCorrection, { query: looked ?? { languageCode: 'de', word: '-' } }, { enabled: looked !== null });
}

/** Correct a form's base word for everyone (base null: back to the dictionary's). */
export const useCorrectBase = (options?: CommandOptions<typeof correctBase>) => useCommand(correctBase, options);
