import { useState } from 'react';
import { Button, toast } from '@verba/kit';
import { MESSAGES, type LearningLanguage } from '@verba/contracts';
import { addCard, speak, SpeechError, useSpeechSettings } from '../api/word-help-api';
import { useTranslation, type TranslationState } from '../use-translation';
import { isPhrase, type SelectedWord } from './ReaderText';

interface Props {
  word: SelectedWord;
  languageCode: LearningLanguage;
  article: { id: string; name: string };
  hasCard: boolean;
}

/** Shown in place of a translation the server does not know (a later issue adds an offline dictionary). */
export const NO_TRANSLATION = { word: 'No translation found for this word', text: 'No translation found for this text' };

function Translation({ state, label, notFound }: { state: TranslationState; label: string; notFound: string }) {
  if (state.status === 'idle') return null;
  return (
    <div className="rd-translation" aria-live="polite">
      <span className="rd-translation__label">{label}</span>
      {state.status === 'pending' ? <span className="rd-translation__pending">Translating…</span> : null}
      {state.status === 'done' ? <p className="rd-translation__text">{state.text}</p> : null}
      {state.status === 'not-found' ? <p className="rd-translation__none">{notFound}</p> : null}
      {state.status === 'error' ? (
        <p className="rd-translation__error" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

/** Translation in context, pronunciation and "Add to flashcards" for the selected word or phrase. */
export function WordHelp({ word, languageCode, article, hasCard }: Props) {
  const phrase = isPhrase(word);
  const translation = useTranslation(phrase ? 'phrase' : 'word', word.text, languageCode, word.sentence);
  const [sentenceWanted, setSentenceWanted] = useState(false);
  const sentence = useTranslation('sentence', word.sentence, languageCode, '', sentenceWanted);
  const { voiceId, speed } = useSpeechSettings(languageCode);
  const [speech, setSpeech] = useState<{ message: string; info: boolean } | null>(null);
  const [speaking, setSpeaking] = useState(false);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);

  const play = async () => {
    setSpeech(null);
    setSpeaking(true);
    try {
      await speak(word.text, voiceId, speed);
    } catch (error) {
      setSpeech(error instanceof SpeechError ? { message: error.message, info: error.info } : { message: MESSAGES.other.speechError, info: false });
    } finally {
      setSpeaking(false);
    }
  };

  const add = async () => {
    if (translation.status !== 'done') return;
    setAdding(true);
    try {
      await addCard(languageCode, article, word.text, translation.text);
      setAdded(true);
      toast({ title: `“${word.text}” was added to your flashcards` });
    } catch (error) {
      toast({ title: 'Could not add the flashcard', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setAdding(false);
    }
  };

  const inCards = hasCard || added;
  return (
    <div className="rd-help-word">
      <Translation
        state={translation}
        label={phrase ? 'Translation of the selection' : 'Translation in this sentence'}
        notFound={phrase ? NO_TRANSLATION.text : NO_TRANSLATION.word}
      />
      <div className="rd-panel__actions">
        <Button size="sm" variant="secondary" onClick={() => void play()} disabled={speaking} aria-label={`Listen to “${word.text}”`}>
          {speaking ? 'Playing…' : 'Listen'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void add()} disabled={inCards || adding || translation.status !== 'done'}>
          {inCards ? 'In your flashcards' : 'Add to flashcards'}
        </Button>
        {!sentenceWanted ? (
          <Button size="sm" variant="ghost" onClick={() => setSentenceWanted(true)}>
            Translate the sentence
          </Button>
        ) : null}
      </div>
      {speech ? (
        <p className={speech.info ? 'rd-info' : 'rd-warning'} role={speech.info ? 'status' : 'alert'}>
          {speech.message}
        </p>
      ) : null}
      {sentenceWanted ? (
        <>
          <blockquote className="rd-sentence">{word.sentence}</blockquote>
          <Translation state={sentence} label="The sentence" notFound={NO_TRANSLATION.text} />
        </>
      ) : null}
    </div>
  );
}
