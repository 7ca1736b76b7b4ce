import { useSession } from '@verba/kit';
import { LearningLanguageSchema, type LearningLanguage } from '@verba/contracts';

const NAMES: Record<LearningLanguage, string> = { de: 'German', fr: 'French', es: 'Spanish', ru: 'Russian' };

export const languageName = (code: LearningLanguage): string => NAMES[code];

/** The signed-in user's current learning language (German until onboarding has chosen one). */
export function useLearningLanguage(): LearningLanguage {
  const { user } = useSession();
  return LearningLanguageSchema.catch('de').parse(user?.currentLearningLanguage);
}
