import { readRoute, sendCommand } from '@verba/kit';
import { quickQuizAnswer, quickQuizList, quickQuizOne } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { useRoundQuery } from '../../../shared/use-round-query';

/** Up to ten questions (GET practice/quick-quiz/list), held for the round. */
export const useQuizQuestions = (languageCode: LearningLanguage) => useRoundQuery(quickQuizList, { languageCode });

/** The server decides whether the answer is right (two cards may share a translation) and records it. */
export async function answerQuestion(id: string, answerId: string): Promise<boolean> {
  const result = await sendCommand(quickQuizAnswer, { body: { id, answerId } });
  return result.correct;
}

/** A fresh question on each of these cards (GET practice/quick-quiz/one), read after the answers sent so far. */
export async function questionsAbout(languageCode: LearningLanguage, ids: readonly string[]) {
  const answers = await Promise.all(ids.map((id) => readRoute(quickQuizOne, { query: { languageCode, id } })));
  return answers.flatMap((a) => (a.question ? [a.question] : []));
}

export type Questions = Awaited<ReturnType<typeof questionsAbout>>;
