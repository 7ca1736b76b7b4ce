import { useEffect, useState } from 'react';
import { MESSAGES, type LearningLanguage } from '@verba/contracts';
import { translateText, type Translated, type TranslationKind } from './api/word-help-api';

export type TranslationState =
  { status: 'idle' | 'pending' | 'not-found' } | ({ status: 'done' } & Translated) | { status: 'error'; message: string };

/** Translates `text` while `enabled`; a newer request replaces an older one (pending until its answer). */
export function useTranslation(
  kind: TranslationKind,
  text: string,
  languageCode: LearningLanguage,
  context: string,
  enabled = true,
): TranslationState {
  const request = enabled && text.trim() ? JSON.stringify([kind, text, languageCode, context]) : null;
  const [answer, setAnswer] = useState<{ request: string; state: TranslationState } | null>(null);
  useEffect(() => {
    if (request === null) return;
    let current = true;
    const settle = (state: TranslationState) => current && setAnswer({ request, state });
    translateText(kind, text, languageCode, context).then(
      (translation) => settle(translation === undefined ? { status: 'not-found' } : { status: 'done', ...translation }),
      (error: Error) => settle({ status: 'error', message: error.message || MESSAGES.other.translationError }),
    );
    return () => {
      current = false;
    };
  }, [request, kind, text, languageCode, context]);
  if (request === null) return { status: 'idle' };
  return answer?.request === request ? answer.state : { status: 'pending' };
}
