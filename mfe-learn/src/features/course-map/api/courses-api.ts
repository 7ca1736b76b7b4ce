import { sendCommand } from '@verba/kit';
import { useRouteQuery } from '@verba/kit/query';
import { addAfterOnboarding, getCourse } from '@verba/contracts/http';
import type { LearningLanguage, Level } from '@verba/contracts';

export const useCourse = (languageCode: LearningLanguage) => useRouteQuery(getCourse, { query: { languageCode } });

/**
 * Where the course starts for this learner: by level (as onboarding placed them) or a chosen starting point.
 * The progress is read again at the command's position (useProgress).
 */
export async function chooseStart(languageCode: LearningLanguage, choice: { level: Level } | { startingPointId: string }): Promise<void> {
  await sendCommand(addAfterOnboarding, { body: { languageCode, ...choice } });
}
