import { useState } from 'react';
import { EmptyState, Pager, QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { ADMIN_PAGE_SIZE, type AdminArticle, type ArticleFlag } from '@verba/contracts/http';
import { ReviewQueue } from './ReviewQueue';
import { useFlaggedArticles } from '../api/library';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Who flagged: its author, a learner by name, or nobody known (an erased account). */
const flagger = (a: AdminArticle, f: ArticleFlag) =>
  f.flaggedBy === null
    ? 'A deleted account'
    : f.flaggedBy === a.authorId
      ? `Its author${f.flaggedByName ? ` (${f.flaggedByName})` : ''}`
      : (f.flaggedByName ?? 'A deleted account');

/** /app/admin/flagged-articles: flagged articles with who flagged them and why; approve, decline or dismiss. */
export function FlaggedArticlesPage() {
  const [page, setPage] = useState(1);
  const flagged = useFlaggedArticles(page);
  const items = (flagged.data?.articles ?? []).map((a) => ({
    id: a.id,
    name: a.name,
    meta: `${a.authorDisplayName} · ${a.category} · ${a.generalDifficulty} · ${a.isPrivate ? 'private' : 'public'}${a.isPremiumOnly ? ', premium' : ''}`,
    excerpt: '',
    details: (
      <ul className="ad-flags" aria-label={`Flags of “${a.name}”`}>
        {a.flags.length === 0 ? <li>Flagged (no details recorded)</li> : null}
        {a.flags.map((f) => (
          <li key={f.at + (f.flaggedBy ?? '')}>
            {flagger(a, f)} · <time dateTime={f.at}>{when.format(new Date(f.at))}</time>
            {f.reason ? <>: “{f.reason}”</> : ' (no reason given)'}
          </li>
        ))}
      </ul>
    ),
  }));
  return (
    <main>
      <SectionHeader section="admin" title="Flagged articles" subtitle="Articles flagged for review, with who flagged them and why." />
      {flagged.isPending ? <Spinner label="Loading flagged articles…" /> : null}
      <QueryErrorNotice query={flagged} title="The flagged articles could not be loaded." />
      {flagged.data?.articles.length === 0 ? <EmptyState title="Nothing flagged">No article is flagged.</EmptyState> : null}
      {items.length ? <ReviewQueue items={items} actions={['approve', 'decline', 'dismiss']} label="Flagged articles" /> : null}
      {flagged.data ? <Pager page={page} total={flagged.data.total} pageSize={ADMIN_PAGE_SIZE} onPage={setPage} /> : null}
    </main>
  );
}
