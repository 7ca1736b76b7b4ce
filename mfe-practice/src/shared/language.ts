import { useSession } from '@verba/kit';
import { LANGUAGE_NAMES, isLearningLanguage, type LearningLanguage } from '@verba/contracts';

export const languageName = (code: LearningLanguage): string => LANGUAGE_NAMES[code];

/** The language the learner is learning now (German until they chose one). */
export function useLearningLanguage(): LearningLanguage {
  const language = useSession().user?.currentLearningLanguage;
  return isLearningLanguage(language) ? language : 'de';
}
