import { keepPrevious, useRouteQuery, useCommand } from '@verba/kit/query';
import { getPrompts, promptHistory, type PromptKind, restorePrompt, updatePrompt, testPrompt } from '@verba/contracts/http';
import type { CommandOptions } from '../../../shared/api/command-options';

/** What each prompt is for, in the admin's words (spec §2's three prompt pages). */
export const PROMPT_TITLES: Record<PromptKind, string> = {
  translation: 'AI translation prompt',
  publicArticleCheck: 'AI hate-speech prompt',
  multiWord: 'AI multi-word prompt',
};

export function usePrompts() {
  return useRouteQuery(getPrompts, {}, { placeholderData: keepPrevious });
}

export function usePromptVersions(kind: PromptKind) {
  return useRouteQuery(promptHistory, { query: { kind } }, { placeholderData: keepPrevious });
}

export const useRestorePrompt = (options?: CommandOptions<typeof restorePrompt>) => useCommand(restorePrompt, options);
export const useUpdatePrompt = (options?: CommandOptions<typeof updatePrompt>) => useCommand(updatePrompt, options);
export const useTestPrompt = (options?: CommandOptions<typeof testPrompt>) => useCommand(testPrompt, options);
