import { useState, type ReactNode } from 'react';
import { Button, TextField, toast } from '@verba/kit';
import { useAdminReviewArticles } from '../api/library';

export type ReviewAction = 'approve' | 'decline' | 'dismiss';
export interface ReviewItem {
  id: string;
  name: string;
  meta: string;
  excerpt: string;
  /** Extra lines under the excerpt (e.g. who flagged it and why). */
  details?: ReactNode;
}

const DONE: Record<ReviewAction, string> = { approve: 'approved', decline: 'declined', dismiss: 'dismissed' };

/**
 * Articles to review, each with its own buttons, and checkboxes for acting on several at once. Everything an
 * author wrote is rendered as text (React escapes it), never as HTML.
 */
export function ReviewQueue({ items, actions, label }: { items: ReviewItem[]; actions: readonly ReviewAction[]; label: string }) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const review = useAdminReviewArticles();
  const [error, setError] = useState<string>();
  const visible = items.filter((i) => chosen.has(i.id)).map((i) => i.id);
  const run = async (action: ReviewAction, ids: string[], why: string) => {
    setError(undefined);
    try {
      const { changed } = await review.mutateAsync({ body: { action, articleIds: ids, ...(why.trim() ? { reason: why } : {}) } });
      toast({ title: `${changed} ${changed === 1 ? 'article' : 'articles'} ${DONE[action]}` });
      setChosen(new Set());
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const toggle = (id: string, on: boolean) => setChosen((s) => (on ? new Set(s).add(id) : new Set([...s].filter((x) => x !== id))));
  return (
    <>
      <section className="ad-panel" aria-label="Act on the chosen articles">
        <label className="ad-check">
          <input
            type="checkbox"
            checked={items.length > 0 && visible.length === items.length}
            onChange={(e) => setChosen(e.target.checked ? new Set(items.map((i) => i.id)) : new Set())}
          />
          Choose all ({visible.length} of {items.length} chosen)
        </label>
        <div className="ad-article__actions">
          {actions.includes('approve') ? (
            <Button disabled={!visible.length} onClick={() => void run('approve', visible, '')}>
              Approve chosen
            </Button>
          ) : null}
          {actions.includes('decline') ? (
            <>
              <TextField label="Reason for declining the chosen" value={reason} onChange={(e) => setReason(e.target.value)} />
              <Button variant="secondary" disabled={!visible.length} onClick={() => void run('decline', visible, reason)}>
                Decline chosen
              </Button>
            </>
          ) : null}
          {actions.includes('dismiss') ? (
            <Button variant="secondary" disabled={!visible.length} onClick={() => void run('dismiss', visible, '')}>
              Dismiss flags of chosen
            </Button>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="ad-error">
            {error}
          </p>
        ) : null}
      </section>
      <ul className="ad-articles" aria-label={label}>
        {items.map((item) => (
          <ReviewCard
            key={item.id}
            item={item}
            actions={actions}
            chosen={chosen.has(item.id)}
            onChoose={(on) => toggle(item.id, on)}
            onAct={(a, why) => run(a, [item.id], why)}
          />
        ))}
      </ul>
    </>
  );
}

function ReviewCard(p: {
  item: ReviewItem;
  actions: readonly ReviewAction[];
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onAct: (a: ReviewAction, reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const { item } = p;
  return (
    <li className="ad-article" aria-label={item.name}>
      <label className="ad-check">
        <input type="checkbox" checked={p.chosen} onChange={(e) => p.onChoose(e.target.checked)} aria-label={`Choose “${item.name}”`} />
        <h2 className="ad-article__title">{item.name}</h2>
      </label>
      <p className="ad-article__meta">{item.meta}</p>
      <p className="ad-article__excerpt">{item.excerpt}</p>
      {item.details}
      <div className="ad-article__actions">
        {p.actions.includes('approve') ? <Button onClick={() => void p.onAct('approve', '')}>Approve</Button> : null}
        {p.actions.includes('decline') ? (
          <>
            <TextField label="Reason for declining" value={reason} onChange={(e) => setReason(e.target.value)} />
            <Button variant="secondary" onClick={() => void p.onAct('decline', reason)}>
              Decline
            </Button>
          </>
        ) : null}
        {p.actions.includes('dismiss') ? (
          <Button variant="secondary" onClick={() => void p.onAct('dismiss', '')}>
            Dismiss flag
          </Button>
        ) : null}
      </div>
    </li>
  );
}
