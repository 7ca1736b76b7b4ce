import { useState, type ReactNode } from 'react';
import { Button, QueryErrorNotice, Spinner } from '@verba/kit';
import { Tabs } from '@verba/kit/ui';
import { useRouteQuery } from '@verba/kit/query';
import { adminHistory, type HistoryEntity, type HistoryEntry } from '@verba/contracts/http';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An admin editor with a "History" tab beside it: who changed this entity, what and when (read from the log). */
export function WithHistory({
  entity,
  id,
  label,
  editLabel = 'Edit',
  children,
}: {
  entity: HistoryEntity;
  id: string | undefined;
  label: string;
  editLabel?: string;
  children: ReactNode;
}) {
  if (!id) return <>{children}</>;
  return (
    <Tabs
      label={label}
      tabs={[
        { value: 'edit', label: editLabel, content: children },
        { value: 'history', label: 'History', content: <HistoryList entity={entity} id={id} /> },
      ]}
    />
  );
}

/** The entity's history, newest first, a page at a time ("Show older changes"). */
export function HistoryList({ entity, id }: { entity: HistoryEntity; id: string }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <section aria-label="History" className="ad-history">
      <ol className="ad-history__list">
        {cursors.map((before, i) => (
          <HistoryPage
            key={before ?? 'newest'}
            entity={entity}
            id={id}
            before={before}
            last={i === cursors.length - 1}
            onOlder={(next) => setCursors((c) => [...c, next])}
          />
        ))}
      </ol>
    </section>
  );
}

function HistoryPage(p: {
  entity: HistoryEntity;
  id: string;
  before: string | undefined;
  last: boolean;
  onOlder: (before: string) => void;
}) {
  // Read from the log itself (no read model to wait for): read afresh each time the tab shows, so it has every save.
  const page = useRouteQuery(
    adminHistory,
    { params: { entity: p.entity, id: p.id }, query: p.before ? { before: p.before } : {} },
    { staleTime: 0 },
  );
  if (page.isPending)
    return (
      <li>
        <Spinner label="Loading the history…" />
      </li>
    );
  if (page.isError)
    return (
      <li>
        <QueryErrorNotice query={page} title="The history could not be loaded." />
      </li>
    );
  const { entries, nextBefore } = page.data;
  return (
    <>
      {!p.before && entries.length === 0 ? <li className="ad-muted">No changes recorded yet.</li> : null}
      {entries.map((e) => (
        <HistoryItem key={e.position} entry={e} />
      ))}
      {p.last && nextBefore ? (
        <li>
          <Button variant="secondary" onClick={() => p.onOlder(nextBefore)}>
            Show older changes
          </Button>
        </li>
      ) : null}
    </>
  );
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const shown = new Set(entry.details.map((d) => d.field));
  const others = entry.changed.filter((f) => !shown.has(f));
  return (
    <li className="ad-history__entry">
      <p className="ad-history__head">
        <strong>{entry.label}</strong> · {entry.actor ? entry.actor.name : 'System'} ·{' '}
        <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
      </p>
      {entry.details.length ? (
        <dl className="ad-history__details">
          {entry.details.map((d) => (
            <div key={d.field}>
              <dt>{d.field}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {others.length ? <p className="ad-muted">Changed: {others.join(', ')}</p> : null}
    </li>
  );
}
