import { useState } from 'react';
import { readRoute, sendCommand } from '@verba/kit';
import { MAX_WORDS_PER_REQUEST, addMany, getDictionary } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { parseWordList, planWordImport, type ImportStatus, type WordImportPlan, type WordList } from '@verba/contracts/word-lists';

/** How many words a plan sends (every status). */
export const plannedWords = (plan: WordImportPlan) => plan.send.known.length + plan.send.uncertain.length + plan.send.ignored.length;

export interface Preview {
  fileName: string;
  list: WordList;
  plan: WordImportPlan;
}

/** Reads a word-list file and plans it against the learner's dictionary as it is now (after this tab's writes). */
export async function previewFile(file: File, languageCode: LearningLanguage): Promise<Preview> {
  const list = parseWordList(await file.text(), languageCode);
  const { words } = await readRoute(getDictionary, { query: { languageCode } });
  return { fileName: file.name, list, plan: planWordImport(list, new Map(words.map((w) => [w.value, w.status]))) };
}

/** Sends a plan through POST dictionary/add-many, one status at a time (Ignored rows too), in requests of at most 1000 words. */
export function useApplyPlan(languageCode: LearningLanguage) {
  const [sent, setSent] = useState<{ done: number; total: number } | null>(null);
  const apply = async (plan: WordImportPlan) => {
    const total = plannedWords(plan);
    let done = 0;
    setSent({ done, total });
    try {
      for (const status of ['known', 'uncertain', 'ignored'] as ImportStatus[]) {
        for (let i = 0; i < plan.send[status].length; i += MAX_WORDS_PER_REQUEST) {
          const words = plan.send[status].slice(i, i + MAX_WORDS_PER_REQUEST);
          await sendCommand(addMany, { body: { languageCode, words, status } }, { retries: 2 });
          done += words.length;
          setSent({ done, total });
        }
      }
    } finally {
      setSent(null);
    }
  };
  return { apply, sent };
}
