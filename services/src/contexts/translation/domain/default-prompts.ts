import type { PromptKind } from '@verba/contracts';

/** What each prompt says until an admin changes it (version 0). */
export const DEFAULT_PROMPTS: Readonly<Record<PromptKind, string>> = {
  translation:
    'You translate texts for language learners. Keep the meaning, tone and paragraph breaks of the original, ' +
    'prefer natural everyday wording, and answer with the translation only.',
  multiWord:
    'The learner selected a few words from a text they are reading. Translate the selection as it would be ' +
    'understood in context; if it is an idiom or fixed expression, give its meaning. Answer with the translation only.',
  publicArticleCheck:
    'You review articles that learners want to publish in a public library for language learners. Decline an ' +
    'article that contains hate speech, harassment, threats or calls for violence, sexual content, or content ' +
    'that is illegal or endangers anyone. Allow everything else, including critical or sad topics told respectfully.',
};
