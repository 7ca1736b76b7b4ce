import { useState } from 'react';
import {
  Button,
  EmptyState,
  ErrorNotice,
  isAdmin,
  Link,
  navigate,
  QueryErrorNotice,
  SectionHeader,
  Spinner,
  toast,
  type SessionUser,
  useSession,
} from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { LearningLanguageSchema, type LearningLanguage, LANGUAGE_NAMES } from '@verba/contracts';
import { LIBRARY_MESSAGES, type Series } from '@verba/contracts/http';
import { useSeriesList } from '../../../shared/series-api';
import { deleteOwnSeries, saveSeries, useSeries, useSeriesDetails } from '../api/authoring-api';
import { SeriesForm, type SeriesFormInput, type SeriesFormOutput } from './SeriesForm';
import { EditorFrame } from './SavingForm';
import '../authoring.css';

export const SERIES_APPROVAL_NOTICE =
  'Your series is public: its articles appear in the public library once an administrator approves them.';

const languageOf = (user: SessionUser | null) => LearningLanguageSchema.catch('de').parse(user?.currentLearningLanguage);
/** Public series, like public articles, need Master (admins may always). */
const mayPublish = (user: SessionUser | null) => !!user && (user['subscription'] === 'master' || isAdmin(user));

/** /app/series: the public series and the user's own, each opening the library filtered to it. */
export function SeriesListPage() {
  const { user } = useSession();
  const languageCode = languageOf(user);
  const list = useSeriesList(languageCode);
  return (
    <main>
      <SectionHeader section="library" title="Series" subtitle={`Series of articles in ${LANGUAGE_NAMES[languageCode]}`} />
      <div className="rd-toolbar">
        <div className="rd-toolbar__links">
          <Link href="/app/create-series" className="vk-btn vk-btn--primary vk-btn--sm">
            Create series
          </Link>
          <Link href="/app/library" className="vk-btn vk-btn--secondary vk-btn--sm">
            Library
          </Link>
        </div>
      </div>
      {list.isPending ? <Spinner label="Loading series…" /> : null}
      <QueryErrorNotice query={list} title="The series could not be loaded." />
      {list.data?.series.length === 0 ? (
        <EmptyState
          title={`No series in ${LANGUAGE_NAMES[languageCode]} yet`}
          action={<Link href="/app/create-series">Create the first one</Link>}
        >
          <p>A series groups articles that belong together, like the chapters of a story.</p>
        </EmptyState>
      ) : null}
      {list.data && list.data.series.length > 0 ? (
        <ul className="rd-series">
          {list.data.series.map((s) => (
            <li key={s.id} className="rd-series__item">
              <h2 className="rd-series__title">{s.title}</h2>
              {s.description ? <p className="rd-note">{s.description}</p> : null}
              <p className="rd-note">
                {s.totalArticles === 1 ? '1 article' : `${s.totalArticles} articles`}
                {s.authorDisplayName ? ` · ${s.authorDisplayName}` : ''}
                {s.isPrivate ? ' · Private' : ''}
              </p>
              <div className="rd-series__links">
                <Link href={`/app/series/${encodeURIComponent(s.id)}`} aria-label={`Details of “${s.title}”`}>
                  Details
                </Link>
                <Link href={`/app/library?seriesId=${encodeURIComponent(s.id)}`}>Show articles</Link>
                {s.isAuthor ? <Link href={`/app/edit-series?id=${encodeURIComponent(s.id)}`}>Edit</Link> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}

const fromSeries = (s: Series): SeriesFormInput => ({
  title: s.title,
  description: s.description,
  previewImgSrc: s.previewImgSrc ?? '',
  authorDisplayName: s.authorDisplayName,
  visibility: s.isPrivate ? 'private' : 'public',
});
const EMPTY: SeriesFormInput = { title: '', description: '', previewImgSrc: '', authorDisplayName: '', visibility: 'private' };

async function save(values: SeriesFormOutput, languageCode: LearningLanguage, existing: Series | undefined) {
  const { visibility, ...rest } = values;
  const isPrivate = visibility === 'private';
  const series = await saveSeries({ ...rest, isPrivate }, languageCode, existing?.id);
  return () => {
    toast({ title: existing ? 'Series saved' : 'Series created', description: series.isPrivate ? undefined : SERIES_APPROVAL_NOTICE });
    navigate('/app/series');
  };
}

/** /app/create-series and /app/edit-series?id=... */
export function SeriesEditorPage({ seriesId }: { seriesId?: string }) {
  const { user } = useSession();
  const existing = useSeries(seriesId ?? '');
  if (!seriesId) {
    const languageCode = languageOf(user);
    return (
      <EditorFrame title="Create series" back={['/app/series', 'Series']}>
        <SeriesForm
          initial={EMPTY}
          publicAllowed={mayPublish(user)}
          submitLabel="Create series"
          onSave={(v) => save(v, languageCode, undefined)}
        />
      </EditorFrame>
    );
  }
  const series = existing.data;
  return (
    <EditorFrame title="Edit series" back={['/app/series', 'Series']}>
      {existing.isPending ? <Spinner label="Loading the series…" /> : null}
      <QueryErrorNotice query={existing} title="This series could not be loaded." />
      {series && !series.isAuthor ? <ErrorNotice title={LIBRARY_MESSAGES.notSeriesAuthor} /> : null}
      {series?.isAuthor ? (
        <SeriesForm
          key={series.id}
          initial={fromSeries(series)}
          publicAllowed={mayPublish(user) || !series.isPrivate}
          submitLabel="Save changes"
          onSave={(v) => save(v, series.languageCode, series)}
        />
      ) : null}
    </EditorFrame>
  );
}

/** /app/series/<id>: the series with its articles in reading order; its author may edit or delete it. */
export function SeriesDetailsPage({ seriesId }: { seriesId: string }) {
  const details = useSeriesDetails(seriesId);
  const [confirming, setConfirming] = useState(false);
  const series = details.data?.series;
  const parts = details.data?.articles ?? [];

  const remove = (target: Series) => {
    deleteOwnSeries(target.id).then(
      () => {
        toast({ title: `Series “${target.title}” deleted`, description: 'Its articles stay in your library.' });
        navigate('/app/series');
      },
      (error: Error) => toast({ title: 'The series could not be deleted.', description: error.message, variant: 'destructive' }),
    );
  };

  return (
    <main>
      <SectionHeader
        section="library"
        title={series?.title ?? 'Series'}
        subtitle={series ? `A series in ${LANGUAGE_NAMES[series.languageCode]}` : undefined}
      />
      <div className="rd-toolbar">
        <div className="rd-toolbar__links">
          <Link href="/app/series" className="vk-btn vk-btn--secondary vk-btn--sm">
            All series
          </Link>
          {series?.isAuthor ? (
            <>
              <Link href={`/app/edit-series?id=${encodeURIComponent(series.id)}`} className="vk-btn vk-btn--secondary vk-btn--sm">
                Edit series
              </Link>
              <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
                Delete series
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {details.isPending ? <Spinner label="Loading the series…" /> : null}
      <QueryErrorNotice query={details} title="This series could not be loaded." />
      {series ? (
        <>
          {series.description ? <p className="rd-note">{series.description}</p> : null}
          <p className="rd-note">
            {series.totalArticles === 1 ? '1 article' : `${series.totalArticles} articles`}
            {series.authorDisplayName ? ` · ${series.authorDisplayName}` : ''}
            {series.isPrivate ? ' · Private' : ''}
          </p>
          {parts.length === 0 ? (
            <EmptyState title="No articles in this series yet">
              <p>Choose this series when you add or edit an article.</p>
            </EmptyState>
          ) : (
            <ol className="rd-series__parts" aria-label="Articles in reading order">
              {parts.map((article) => (
                <li key={article.id}>
                  <Link href={`/app/library/${encodeURIComponent(article.id)}`}>{article.name}</Link>{' '}
                  <span className="rd-note">
                    {article.generalDifficulty} · {article.totalWords.toLocaleString()} words
                  </span>
                </li>
              ))}
            </ol>
          )}
          <AlertDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Delete the series “${series.title}”?`}
            description="The series is deleted for good. Its articles are not: they stay in your library, outside any series."
            confirmLabel="Delete series"
            destructive
            onConfirm={() => remove(series)}
          />
        </>
      ) : null}
    </main>
  );
}
