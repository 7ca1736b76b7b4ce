import { useSession } from '@verba/kit';
import { isLearningLanguage, type LearningLanguage } from '@verba/contracts';

/** The language the learner is learning now (German until they chose one). */
export function useLearningLanguage(): LearningLanguage {
  const language = useSession().user?.currentLearningLanguage;
  return isLearningLanguage(language) ? language : 'de';
}
