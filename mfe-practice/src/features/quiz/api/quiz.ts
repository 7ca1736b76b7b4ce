import { useCallback } from 'react';
import { atLeast, client, sendCommand } from '@verba/kit';
import { useMinPosition } from '@verba/kit/query';
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

export type Questions = Awaited<ReturnType<ReturnType<typeof useQuestionsAbout>>>;

/** Asks a fresh question on each of these cards (GET practice/quick-quiz/one), after the answers sent so far. */
export function useQuestionsAbout(languageCode: LearningLanguage) {
  const minPosition = useMinPosition();
  return useCallback(
    async (ids: readonly string[]) => {
      const query = { languageCode, ...atLeast(minPosition) };
      const answers = await Promise.all(ids.map((id) => client.call(quickQuizOne, { query: { ...query, id } })));
      return answers.flatMap((a) => (a.question ? [a.question] : []));
    },
    [languageCode, minPosition],
  );
}
