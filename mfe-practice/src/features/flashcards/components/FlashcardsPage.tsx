import { useMemo, useState } from 'react';
import { Button, QueryErrorNotice, Spinner, toast } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { LANGUAGE_NAMES, type Flashcard } from '@verba/contracts';
import { useLearningLanguage } from '../../../shared/language';
import { NoCards } from '../../../shared/NoCards';
import { Portal } from '../../../shared/Portal';
import { useDeleteFlashcard, useFlashcards, useOriginStatus, useSetFlashcardStatus } from '../api/flashcards';
import { useLearnerTimeZone } from '../api/time-zone';
import { NO_FILTER, filterCards, filterFromSearch, type CardFilter } from '../filter';
import { CardFilters } from './CardFilters';
import { CardItem } from './CardItem';
import { EditCardDialog } from './EditCardDialog';
import { ExportCards } from './ExportCards';

const failed = (what: string) => (error: Error) => toast({ title: what, description: error.message, variant: 'destructive' });

/** /app/practice-portal/flashcards: browse, search, filter, edit and delete. */
export function FlashcardsPage() {
  const languageCode = useLearningLanguage();
  const list = useFlashcards(languageCode);
  const remove = useDeleteFlashcard();
  const setStatus = useSetFlashcardStatus();
  const origins = useOriginStatus(languageCode);
  const [filter, setFilter] = useState<CardFilter>(() => filterFromSearch(window.location.search));
  const [editing, setEditing] = useState<Flashcard | null>(null);
  const [deleting, setDeleting] = useState<Flashcard | null>(null);
  const cards = list.data?.flashcards;
  const shown = useMemo(() => (cards ? filterCards(cards, filter) : []), [cards, filter]);
  // Labels as of opening the page: rendering reads no clock.
  const [now] = useState(Date.now);
  const zone = useLearnerTimeZone();

  const confirmDelete = (card: Flashcard) =>
    remove.mutate(
      { body: { id: card.id } },
      { onSuccess: () => toast({ title: 'Flashcard deleted' }), onError: failed('The flashcard could not be deleted.') },
    );
  const toggleStatus = (card: Flashcard) =>
    setStatus.mutate(
      { body: { id: card.id, status: card.status === 'known' ? 'uncertain' : 'known' } },
      { onError: failed('The status could not be changed.') },
    );

  return (
    <Portal title="Flashcards" subtitle={`Your cards in ${LANGUAGE_NAMES[languageCode]}`}>
      {list.isPending ? <Spinner label="Loading your flashcards…" /> : null}
      <QueryErrorNotice query={list} title="Your flashcards could not be loaded." />
      {cards?.length === 0 ? <NoCards languageCode={languageCode} /> : null}
      {cards && cards.length > 0 ? (
        <>
          {/* Without the counts (not loaded, or failed) the "From" filter offers only what the address named. */}
          <CardFilters filter={filter} origins={origins.data?.origins ?? []} onChange={setFilter} />
          <p className="pr-muted" role="status">
            {shown.length === cards.length
              ? `${cards.length} ${cards.length === 1 ? 'card' : 'cards'}`
              : `${shown.length} of ${cards.length} cards`}
          </p>
          {shown.length === 0 ? (
            <div className="pr-none">
              <p>No card matches these filters.</p>
              <Button variant="secondary" onClick={() => setFilter(NO_FILTER)}>
                Clear filters
              </Button>
            </div>
          ) : (
            <ul className="pr-cards" aria-label="Flashcards">
              {shown.map((card) => (
                <CardItem
                  key={card.id}
                  card={card}
                  now={now}
                  zone={zone}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                  onToggleStatus={toggleStatus}
                />
              ))}
            </ul>
          )}
          <ExportCards languageCode={languageCode} count={cards.length} />
        </>
      ) : null}
      {editing ? <EditCardDialog key={editing.id} card={editing} onClose={() => setEditing(null)} /> : null}
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this flashcard?"
        description={deleting ? `“${deleting.sourceValue}” and its schedule will be removed. This cannot be undone.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </Portal>
  );
}
