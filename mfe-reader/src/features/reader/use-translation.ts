import { useEffect, useState } from 'react';
import { MESSAGES, type LearningLanguage } from '@verba/contracts';
import { translateText, type Translated, type TranslationKind } from './api/word-help-api';

export type TranslationState =
  { status: 'idle' | 'pending' | 'not-found' } | ({ status: 'done' } & Translated) | { status: 'error'; message: string };

/** Translates `text` while `enabled`; a newer request replaces an older one. */
export function useTranslation(
  kind: TranslationKind,
  text: string,
  languageCode: LearningLanguage,
  context: string,
  enabled = true,
): TranslationState {
  const [state, setState] = useState<TranslationState>({ status: 'idle' });
  useEffect(() => {
    if (!enabled || !text.trim()) return;
    let current = true;
    setState({ status: 'pending' });
    translateText(kind, text, languageCode, context).then(
      (translation) => current && setState(translation === undefined ? { status: 'not-found' } : { status: 'done', ...translation }),
      (error: Error) => current && setState({ status: 'error', message: error.message || MESSAGES.other.translationError }),
    );
    return () => {
      current = false;
    };
  }, [kind, text, languageCode, context, enabled]);
  return state;
}
