import { highlightSentence, type LearningLanguage } from '@verba/contracts';
import type { ReadingSentence } from '@verba/contracts/http';
import { QueryErrorNotice, Spinner } from '@verba/kit';
import { useReadingSentences } from '../api/sentences';
import './sentence-picker.css';

interface Props {
  languageCode: LearningLanguage;
  word: string;
  onPick: (found: ReadingSentence) => void;
}

/** The sentences of the learner's reading that have the card's word, each a button that puts it on the card. */
export function SentencePicker({ languageCode, word, onPick }: Props) {
  const found = useReadingSentences(languageCode, word, true);
  if (found.isError) return <QueryErrorNotice query={found} title="The sentences could not be loaded." />;
  if (!found.data) return <Spinner label="Looking for sentences…" />;
  const { sentences } = found.data;
  if (!sentences.length) return <p className="pr-picker__none">No text you have read has this word yet.</p>;
  return (
    <ul className="pr-picker" aria-label="Sentences from your reading">
      {sentences.map((s) => (
        <li key={`${s.origin}:${s.originId}:${s.sentence}`}>
          <button type="button" className="pr-picker__choice" onClick={() => onPick(s)}>
            <span className="pr-picker__sentence" lang={languageCode}>
              {highlightSentence(s.sentence, word).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}
            </span>{' '}
            <span className="pr-picker__title">({s.title})</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
