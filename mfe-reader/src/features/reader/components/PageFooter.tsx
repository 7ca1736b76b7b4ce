import { Button } from '@verba/kit';

interface Props {
  page: number;
  totalPages: number;
  counts: { new: number; uncertain: number; known: number };
  /** How many words "mark the rest" would mark: still New, and neither looked up nor set on this article. */
  rest: number;
  onTurn: (page: number) => void;
  /** Marks those words Known (with an Undo), then turns to the next page (if any). */
  onMarkRestKnown: () => void;
}

/** The page's word counts and the page turn, with the offer to mark the rest of the page known. */
export function PageFooter({ page, totalPages, counts, rest, onTurn, onMarkRestKnown }: Props) {
  return (
    <div className="rd-footer">
      <dl className="rd-counts" aria-label="Words on this page">
        <div className="rd-count rd-count--new">
          <dt>New</dt>
          <dd>{counts.new}</dd>
        </div>
        <div className="rd-count rd-count--uncertain">
          <dt>Uncertain</dt>
          <dd>{counts.uncertain}</dd>
        </div>
        <div className="rd-count rd-count--known">
          <dt>Known</dt>
          <dd>{counts.known}</dd>
        </div>
      </dl>
      <nav className="rd-pager" aria-label="Pages">
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onTurn(page - 1)} aria-keyshortcuts="PageUp [">
          Previous page
        </Button>
        <span className="rd-pager__where" aria-live="polite">
          Page {page} of {totalPages}
        </span>
        <Button size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => onTurn(page + 1)} aria-keyshortcuts="PageDown ]">
          Next page
        </Button>
        {rest > 0 ? (
          <Button size="sm" onClick={onMarkRestKnown}>
            Mark the rest of this page as known
          </Button>
        ) : null}
      </nav>
    </div>
  );
}
