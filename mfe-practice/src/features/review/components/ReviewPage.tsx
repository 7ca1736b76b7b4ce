import { useState } from 'react';
import { Button, EmptyState, QueryErrorNotice, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES, formatDueLabel, dueLabel } from '@verba/contracts';
import { scheduleOf } from '@verba/contracts/fsrs';
import { useLearningLanguage } from '../../../shared/language';
import { NoCards } from '../../../shared/NoCards';
import { Portal } from '../../../shared/Portal';
import { useSessionCards } from '../api/review';
import { useCardSettings } from '../api/card-settings';
import { assignFormats, loadMix, orderedMix, saveMix, type ReviewMix } from '../formats';
import { MixControl } from './MixPicker';
import { ReviewSession } from './ReviewSession';

/** "in 3 hours": when a card is due, from now (as the overview's next review). */
const dueFromNow = (stamp: number) => formatDueLabel(dueLabel(stamp, Date.now()));

/** /app/practice-portal/practice-flashcards: a session of the cards due now (or, on request, the next ones). */
export function ReviewPage() {
  const languageCode = useLearningLanguage();
  const { result: query, nextRound } = useSessionCards(languageCode);
  const [ahead, setAhead] = useState(false);
  const [round, setRound] = useState(0);
  // The mix remembered in this browser (flip alone at first); it can be changed before a session's first answer.
  const [mix, setMix] = useState(loadMix);
  // Which side comes first is known before the first card shows (the profile is read beside the cards).
  const settings = useCardSettings(languageCode);
  const cards = query.data?.flashcards;
  const due = cards?.filter((c) => c.isDue) ?? [];
  const chosen = due.length > 0 ? due : ahead ? (cards ?? []) : [];
  // Read once, when the session starts (its reducer's initial state).
  const formats = assignFormats(chosen, mix.formats);
  const session = chosen.map((c, i) => ({
    id: c.id,
    sourceValue: c.sourceValue,
    targetValue: c.targetValue,
    ...(c.sentence ? { sentence: c.sentence } : {}),
    origin: c.origin,
    originId: c.originId,
    originName: c.originName,
    format: formats[i] ?? 'flip',
    schedule: scheduleOf(c),
  }));
  // The words to pick from in cloze and listening: every card of the language loaded.
  const pool = cards?.map((c) => c.sourceValue) ?? [];
  // A new mix starts the session again (nothing was answered yet: no new cards are needed).
  const changeMix = (picked: ReviewMix) => {
    const mixed = orderedMix(picked);
    saveMix(mixed);
    setMix(mixed);
    setRound((r) => r + 1);
  };
  const restart = () => {
    setAhead(false);
    setRound((r) => r + 1);
    nextRound();
  };
  const next = cards?.[0];

  return (
    <Portal title="Review flashcards" subtitle={`Cards in ${LANGUAGE_NAMES[languageCode]}`}>
      {query.isPending || query.isFetching || !settings.ready ? <Spinner label="Loading your cards…" /> : null}
      <QueryErrorNotice query={query} title="Your cards could not be loaded." />
      {cards && !query.isFetching && settings.ready ? (
        cards.length === 0 ? (
          <NoCards languageCode={languageCode} />
        ) : session.length > 0 ? (
          <ReviewSession
            key={`${round}-${ahead}`}
            cards={session}
            onRestart={restart}
            settings={settings}
            languageCode={languageCode}
            answerMode={mix.answerMode}
            pool={pool}
            mixControl={<MixControl mix={mix} onChange={changeMix} />}
          />
        ) : (
          <EmptyState
            title="Nothing is due now"
            action={
              <Button variant="secondary" onClick={() => setAhead(true)}>
                Practice ahead
              </Button>
            }
          >
            <p>
              {next ? `Your next card is due ${dueFromNow(next.dueDateStamp)}.` : null} Reviewing early is allowed, but the schedule works
              best on time.
            </p>
          </EmptyState>
        )
      ) : null}
    </Portal>
  );
}
