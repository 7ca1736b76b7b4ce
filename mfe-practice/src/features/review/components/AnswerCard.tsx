import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@verba/kit';
import {
  LANGUAGE_NAMES,
  MESSAGES,
  accentHint,
  checkTypedAnswer,
  endsAnswer,
  gradePickedAnswer,
  gradeTypedAnswer,
  type LearningLanguage,
  type ReviewRating,
  type TypedAnswerCheck,
  type TypedOutcome,
} from '@verba/contracts';
import { notAShortcut } from '../../../shared/keys';
import { CardSentence } from '../../../shared/CardSentence';
import type { CardSettings } from '../api/card-settings';
import { fetchSpeech, playUrl, speakWord } from '../api/speech';
import { clozeOf, pickOptions, type AnswerMode } from '../formats';
import { inDialog } from '../keys';
import { RATINGS, type SessionCard } from '../session';

export type AnswerFormat = 'cloze' | 'typed' | 'listening';
/** Why speech is off for the rest of the session (the first refusal tells). */
export type SpeechOff = 'limit' | 'unavailable';

interface Props {
  card: SessionCard;
  format: AnswerFormat;
  mode: AnswerMode;
  /** The learner's words in the language, for the options to pick from. */
  pool: readonly string[];
  languageCode: LearningLanguage;
  settings: Pick<CardSettings, 'autoplay' | 'voiceId' | 'speed'>;
  speechOff: SpeechOff | null;
  /** Listening could not get its audio: the card is typed from now on. */
  onSpeechOff: (reason: SpeechOff) => void;
  /** The answer's grade, once the learner goes on. */
  onRate: (rating: ReviewRating) => void;
}

const BETTER: readonly TypedOutcome[] = ['correct', 'typo', 'accent', 'wrong'];
/** The kinder verdict of two checks (a cloze accepts the sentence's form and the card's word). */
const best = (checks: readonly TypedAnswerCheck[]) =>
  [...checks].sort((a, b) => BETTER.indexOf(a.outcome) - BETTER.indexOf(b.outcome))[0] ?? { outcome: 'wrong' as const };

const ratingLabel = (rating: ReviewRating) => RATINGS.find((r) => r.rating === rating)?.label ?? rating;

/**
 * One card reviewed by answering: cloze (the card's sentence with its word blanked), typed (the meaning shown,
 * the word typed) or listening (the word spoken, then typed or picked). The answer is graded by the answer rule
 * (an accent miss gets a hint and one more try), the verdict is announced, the card's sides and sentence show,
 * and "Next card" records the grade. Listening without speech is typed, with a notice saying why.
 */
export function AnswerCard({ card, format, mode, pool, languageCode, settings, speechOff, onSpeechOff, onRate }: Props) {
  const cloze = useMemo(() => (format === 'cloze' ? clozeOf(card.sentence, card.sourceValue) : null), [format, card]);
  // Drawn once per card shown: the options keep their places while the learner reads them.
  const [options] = useState(() => pickOptions(card.sourceValue, pool));
  const picking = mode === 'pick' && format !== 'typed' && options.length >= 2;
  const [attempts, setAttempts] = useState<TypedAnswerCheck[]>([]);
  const [picked, setPicked] = useState<string | null>(null);
  const [notice, setNotice] = useState(() => (format === 'listening' && speechOff ? fallbackNotice(speechOff) : null));
  const { register, handleSubmit, setFocus } = useForm<{ answer: string }>({ defaultValues: { answer: '' } });
  const next = useRef<HTMLButtonElement>(null);

  const outcomes = attempts.map((a) => a.outcome);
  const rating: ReviewRating | null =
    picked !== null
      ? gradePickedAnswer(picked === card.sourceValue)
      : attempts.length > 0 && endsAnswer(outcomes)
        ? gradeTypedAnswer(outcomes)
        : null;
  const done = rating !== null;

  // Listening: the word is spoken when the card shows; without speech (the Free allowance used up, or none on
  // the server) the card is typed, and the session stops asking for audio.
  const audio = useRef<string | null>(null);
  const listening = format === 'listening';
  useEffect(() => {
    if (!listening) return;
    if (speechOff) return onSpeechOff(speechOff); // known refused: typed at once (the notice says why)
    let live = true;
    void fetchSpeech(card.sourceValue, settings.voiceId, settings.speed).then((speech) => {
      if (!live) {
        if (speech.ok) URL.revokeObjectURL(speech.url);
        return;
      }
      if (!speech.ok) {
        setNotice(fallbackNotice(speech.reason));
        onSpeechOff(speech.reason);
        return;
      }
      audio.current = speech.url;
      void playUrl(speech.url);
    });
    return () => {
      live = false;
      if (audio.current) URL.revokeObjectURL(audio.current);
      audio.current = null;
    };
    // Once per card shown: a later refusal elsewhere does not stop this card's audio.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listening, card.id]);

  const replay = () => void (audio.current ? playUrl(audio.current) : speakWord(card.sourceValue, settings.voiceId, settings.speed));
  const hearSentence = () => void (card.sentence && speakWord(card.sentence, settings.voiceId, settings.speed).catch(() => undefined));

  // "Play flashcards aloud": once answered, the cloze's whole sentence or the typed word is spoken (never before: it is the answer).
  const { autoplay, voiceId, speed } = settings;
  useEffect(() => {
    if (!done || !autoplay || listening) return;
    const text = format === 'cloze' && card.sentence ? card.sentence : card.sourceValue;
    speakWord(text, voiceId, speed).catch(() => undefined);
  }, [done, autoplay, listening, format, card, voiceId, speed]);

  useEffect(() => {
    if (done) next.current?.focus();
    else if (!picking) setFocus('answer');
  }, [done, picking, setFocus, attempts.length]);

  const check = ({ answer }: { answer: string }) => {
    if (done) return;
    const expected = cloze ? [cloze.answer, card.sourceValue] : [card.sourceValue];
    setAttempts((list) => [...list, best(expected.map((e) => checkTypedAnswer(answer, e)))]);
  };
  const pick = (option: string) => {
    if (!done) setPicked(option);
  };

  // Keys 1-4 pick an option while picking; Enter goes on once answered (a focused button takes its own Enter).
  const goOn = () => rating !== null && onRate(rating);
  const keys = useRef({ pick, options, picking, goOn });
  useEffect(() => {
    keys.current = { pick, options, picking, goOn };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (notAShortcut(event) || inDialog(event) || event.repeat) return;
      if (event.key === 'Enter') {
        if (event.target instanceof Element && event.target.closest('button, a')) return;
        event.preventDefault();
        return void keys.current.goOn();
      }
      const option = keys.current.picking ? keys.current.options[Number(event.key) - 1] : undefined;
      if (option) keys.current.pick(option);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const last = attempts.at(-1);
  const feedback = verdict(card.sourceValue, cloze?.answer, rating, picked, last);
  const language = LANGUAGE_NAMES[languageCode];
  const label = format === 'cloze' ? 'The missing word' : format === 'listening' ? 'What you heard' : `The word in ${language}`;
  const optionClass = (option: string) =>
    !done
      ? 'pr-option'
      : option === card.sourceValue
        ? 'pr-option pr-option--right'
        : option === picked
          ? 'pr-option pr-option--wrong'
          : 'pr-option';

  return (
    <div className={`pr-answer pr-answer--${format}`}>
      {notice ? (
        <p className="pr-answer__notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="pr-answer__prompt">
        {format === 'cloze' && cloze ? (
          <>
            <p className="pr-cloze" lang={languageCode}>
              {cloze.pieces.map((piece, i) =>
                piece.gap ? (
                  <span key={i} className="pr-cloze__gap">
                    {done ? piece.text : <span className="pr-sr-only">missing word</span>}
                  </span>
                ) : (
                  piece.text
                ),
              )}
            </p>
            <p className="pr-muted">Meaning: {card.targetValue}</p>
          </>
        ) : listening ? (
          <div className="pr-answer__listen">
            <p className="pr-muted">Listen, then {picking ? 'pick' : 'type'} what you hear.</p>
            <Button variant="secondary" onClick={replay}>
              Play again
            </Button>
            {card.sentence ? (
              <Button variant="ghost" onClick={hearSentence}>
                Hear it in its sentence
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <p className="pr-answer__meaning">{card.targetValue}</p>
            <p className="pr-muted">Type the word in {language}.</p>
          </>
        )}
      </div>

      {picking ? (
        <ol className="pr-options" aria-label="Pick the word">
          {options.map((option, i) => (
            <li key={option}>
              <button
                type="button"
                className={optionClass(option)}
                disabled={done}
                onClick={() => pick(option)}
                aria-keyshortcuts={String(i + 1)}
                lang={languageCode}
              >
                <kbd>{i + 1}</kbd> {option}
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <form className="pr-answer__form" onSubmit={(e) => void handleSubmit(check)(e)}>
          <label className="vk-field__label" htmlFor={`answer-${card.id}`}>
            {label}
          </label>
          <div className="pr-answer__row">
            <input
              id={`answer-${card.id}`}
              className="vk-input"
              lang={languageCode}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              readOnly={done}
              {...register('answer')}
            />
            <Button type="submit" disabled={done} aria-keyshortcuts="Enter">
              Check <kbd>Enter</kbd>
            </Button>
          </div>
        </form>
      )}

      <p className="pr-answer__feedback" role="status" aria-live="polite">
        {feedback}
      </p>

      {done ? (
        <div className="pr-answer__reveal">
          <p className="pr-answer__sides">
            <strong lang={languageCode}>{card.sourceValue}</strong> — {card.targetValue}
          </p>
          {card.sentence ? (
            <CardSentence
              sentence={card.sentence}
              word={card.sourceValue}
              languageCode={languageCode}
              origin={card.origin ?? null}
              originId={card.originId ?? null}
              originName={card.originName ?? null}
            />
          ) : null}
          <button type="button" ref={next} className="vk-btn vk-btn--primary vk-btn--md" onClick={goOn}>
            Next card <kbd>Enter</kbd>
          </button>
        </div>
      ) : null}
    </div>
  );
}

function fallbackNotice(reason: SpeechOff): string {
  return reason === 'limit'
    ? `${MESSAGES.tts.monthlyLimitReached} This card is typed instead.`
    : 'Speech is unavailable now, so this card is typed instead.';
}

/** What the learner is told of the answer (announced): the verdict and its grade, or the accent hint. */
function verdict(
  word: string,
  form: string | undefined,
  rating: ReviewRating | null,
  picked: string | null,
  last?: TypedAnswerCheck,
): string {
  const answer = form && form.toLocaleLowerCase() !== word.toLocaleLowerCase() ? `${form} (${word})` : word;
  if (rating === null) return last?.outcome === 'accent' ? `${accentHint(last.marks ?? [])}. Try once more.` : '';
  const graded = `Graded ${ratingLabel(rating)}.`;
  if (picked !== null) return rating === 'again' ? `Not quite: it is “${answer}”. ${graded}` : `Correct! ${graded}`;
  switch (last?.outcome) {
    case 'correct':
      return `Correct! ${graded}`;
    case 'typo':
      return `Almost: it is spelled “${answer}”. A typo counts. ${graded}`;
    case 'accent':
      return `Right but for the accents: “${answer}”. ${graded}`;
    default:
      return `Not quite: it is “${answer}”. ${graded}`;
  }
}
