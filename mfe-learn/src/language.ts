import { useSession } from '@verba/kit';
import { LearningLanguageSchema, type LearningLanguage } from '@verba/contracts';

/** The signed-in user's current learning language (German until onboarding has chosen one). */
export function useLearningLanguage(): LearningLanguage {
  const { user } = useSession();
  return LearningLanguageSchema.catch('de').parse(user?.currentLearningLanguage);
}
