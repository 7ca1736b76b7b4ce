import { useState } from 'react';
import { Button, toast } from '@verba/kit';
import { MESSAGES, type LearningLanguage } from '@verba/contracts';
import { addCard, useOwnMeaning } from '../api/word-help-api';
import { speak, SpeechError, useSpeechSettings } from '../api/speech-api';
import { useTranslation, type TranslationState } from '../use-translation';
import { OwnMeaningForm } from './OwnMeaning';
import { SpeechAllowance } from './SpeechAllowance';
import { isPhrase, type SelectedWord } from './ReaderText';

interface Props {
  word: SelectedWord;
  languageCode: LearningLanguage;
  article: { id: string; name: string };
  hasCard: boolean;
}

/** Shown in place of a translation nobody knows (the learner can type their own meaning then). */
export const NO_TRANSLATION = { word: 'No translation found for this word', text: 'No translation found for this text' };
/** The offline dictionary's sentence "translation" is each word's meaning in a row: said so, every time. */
export const GLOSS_LABEL = 'Word-by-word gloss';
export const GLOSS_NOTE = 'Not a translation: the dictionary meaning of each word, in order.';
export const NEEDS_MEANING = 'Type a meaning for the back of the card, then save it to add the card.';

function label(state: TranslationState, fallback: string): string {
  if (state.status !== 'done') return fallback;
  return state.source === 'gloss' ? GLOSS_LABEL : state.source === 'dictionary' ? 'Dictionary' : fallback;
}

function Translation({ state, label: text, notFound }: { state: TranslationState; label: string; notFound: string }) {
  if (state.status === 'idle') return null;
  const gloss = state.status === 'done' && state.source === 'gloss';
  return (
    <div className={`rd-translation${gloss ? ' rd-translation--gloss' : ''}`} aria-live="polite">
      <span className="rd-translation__label">{label(state, text)}</span>
      {state.status === 'pending' ? <span className="rd-translation__pending">Translating…</span> : null}
      {state.status === 'done' ? (
        <>
          <p className="rd-translation__text">{state.text}</p>
          {state.lemma ? <p className="rd-translation__lemma">from {state.lemma}</p> : null}
          {gloss ? <p className="rd-translation__note">{GLOSS_NOTE}</p> : null}
        </>
      ) : null}
      {state.status === 'not-found' ? <p className="rd-translation__none">{notFound}</p> : null}
      {state.status === 'error' ? (
        <p className="rd-translation__error" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Translation in context (the dictionary's entry offline), the learner's own meaning, pronunciation and
 * "Add to flashcards" for the selected word or phrase. A failed or empty look-up never blocks the card:
 * the learner types the meaning, which is saved for them and becomes the card's back.
 */
export function WordHelp({ word, languageCode, article, hasCard }: Props) {
  const phrase = isPhrase(word);
  const translation = useTranslation(phrase ? 'phrase' : 'word', word.text, languageCode, word.sentence);
  const own = useOwnMeaning(languageCode, word.text);
  const [sentenceWanted, setSentenceWanted] = useState(false);
  const sentence = useTranslation('sentence', word.sentence, languageCode, '', sentenceWanted);
  const { voiceId, speed } = useSpeechSettings(languageCode);
  const [speech, setSpeech] = useState<{ message: string; info: boolean } | null>(null);
  const [speaking, setSpeaking] = useState(false);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  /** The meaning form: closed, open by choice, or open because a card needs a back. */
  const [form, setForm] = useState<'closed' | 'open' | 'for-card'>('closed');

  const ownMeaning = own.data ?? null;
  const noTranslation = translation.status === 'not-found' || translation.status === 'error';
  const formShown = form !== 'closed' || (noTranslation && own.isSuccess && ownMeaning === null);

  const play = async () => {
    setSpeech(null);
    setSpeaking(true);
    try {
      await speak(word.text, voiceId, speed);
    } catch (error) {
      setSpeech(
        error instanceof SpeechError ? { message: error.message, info: error.info } : { message: MESSAGES.other.speechError, info: false },
      );
    } finally {
      setSpeaking(false);
    }
  };

  const add = async (back = ownMeaning ?? (translation.status === 'done' ? translation.text : undefined)) => {
    if (!back) {
      setForm('for-card');
      return;
    }
    setAdding(true);
    try {
      await addCard(languageCode, article, word.text, back);
      setAdded(true);
      toast({ title: `“${word.text}” was added to your flashcards` });
    } catch (error) {
      toast({ title: 'The flashcard could not be added.', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setAdding(false);
    }
  };

  const saved = (meaning: string) => {
    const forCard = form === 'for-card';
    setForm('closed');
    if (forCard) void add(meaning);
  };

  const inCards = hasCard || added;
  return (
    <div className="rd-help-word">
      <Translation
        state={translation}
        label={phrase ? 'Translation of the selection' : 'Translation in this sentence'}
        notFound={phrase ? NO_TRANSLATION.text : NO_TRANSLATION.word}
      />
      {ownMeaning !== null && !formShown ? (
        <div className="rd-own-meaning">
          <span className="rd-translation__label">Your meaning</span>
          <p className="rd-own-meaning__text">{ownMeaning}</p>
          <Button size="sm" variant="ghost" onClick={() => setForm('open')}>
            Edit your meaning
          </Button>
        </div>
      ) : null}
      {formShown ? (
        <OwnMeaningForm
          key={ownMeaning ?? ''}
          languageCode={languageCode}
          word={word.text}
          saved={ownMeaning}
          hint={form === 'for-card' ? NEEDS_MEANING : undefined}
          onSaved={saved}
          onCancel={form !== 'closed' ? () => setForm('closed') : undefined}
          focus={form !== 'closed'}
        />
      ) : null}
      <div className="rd-panel__actions">
        <Button size="sm" variant="secondary" onClick={() => void play()} disabled={speaking} aria-label={`Listen to “${word.text}”`}>
          {speaking ? 'Playing…' : 'Listen'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void add()} disabled={inCards || adding || translation.status === 'pending'}>
          {inCards ? 'In your flashcards' : 'Add to flashcards'}
        </Button>
        {ownMeaning === null && !formShown ? (
          <Button size="sm" variant="ghost" onClick={() => setForm('open')}>
            Type your own meaning
          </Button>
        ) : null}
        {!sentenceWanted ? (
          <Button size="sm" variant="ghost" onClick={() => setSentenceWanted(true)}>
            Translate the sentence
          </Button>
        ) : null}
      </div>
      <SpeechAllowance speaking={speaking} />
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
