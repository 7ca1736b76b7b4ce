import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useState } from 'react';
import { Button, EmptyState, Link, navigate, Pager, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { AlertDialog, Switch } from '@verba/kit/ui';
import { LANGUAGE_NAMES, LEARNING_LANGUAGES, type LearningLanguage } from '@verba/contracts/domain';
import { ADMIN_PAGE_SIZE, SeriesInputSchema, ImageSrcFieldSchema } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { FormError, submitWith } from '../../../components/forms';
import { SelectField, TextAreaField } from '@verba/kit';
import { Select } from '../../../components/Select';
import { WithHistory } from '../../../components/HistoryTab';
import { useCreateSeries, useDeleteSeries, useSeries, useSeriesPage, useUpdateSeries } from '../api/series';

const FormSchema = SeriesInputSchema.extend({
  previewImgSrc: ImageSrcFieldSchema,
});
type FormIn = z.input<typeof FormSchema>;
type FormOut = z.output<typeof FormSchema>;

/** /app/admin/series: every series of every language and author. */
export function SeriesListPage() {
  const [language, setLanguage] = useState<LearningLanguage | ''>('');
  const [page, setPage] = useState(1);
  const series = useSeriesPage(language || undefined, page);
  const remove = useDeleteSeries({
    onSuccess: () => toast({ title: 'The series was deleted' }),
    onError: (e) => toast({ title: e.message, variant: 'destructive' }),
  });
  return (
    <main>
      <SectionHeader section="admin" title="Series" subtitle="Named groups of articles in one language." />
      <p className="ad-actions">
        <Link href={ADMIN_PATHS.library}>← Library</Link>
        <Link href={ADMIN_PATHS.createSeries} className="vk-btn vk-btn--primary">
          Create series
        </Link>
      </p>
      <div className="ad-toolbar">
        <Select
          label="Language"
          any="All languages"
          value={language}
          options={LEARNING_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          onChange={(l) => (setLanguage(l), setPage(1))}
        />
      </div>
      {series.isPending ? <Spinner label="Loading series…" /> : null}
      <QueryErrorNotice query={series} title="The series could not be loaded." />
      {series.data?.series.length === 0 ? <EmptyState title="No series yet">Create the first one.</EmptyState> : null}
      <ul className="ad-sortable" aria-label="Series">
        {series.data?.series.map((s) => (
          <li key={s.id} className="ad-sortable__row">
            <div className="ad-row">
              <div className="ad-row__main">
                <Link href={withQuery(ADMIN_PATHS.editSeries, { id: s.id })} className="ad-row__title">
                  {s.title}
                </Link>
                <span className="ad-muted">
                  {LANGUAGE_NAMES[s.languageCode]} · {s.totalArticles} articles · {s.authorId ? s.authorDisplayName : 'Verba'}
                </span>
                <span className="ad-badge">{s.isPrivate ? 'Private' : 'Public'}</span>
              </div>
              <AlertDialog
                trigger={
                  <Button size="sm" variant="danger" aria-label={`Delete “${s.title}”`}>
                    Delete
                  </Button>
                }
                title={`Delete “${s.title}”?`}
                description="Its articles stay in the library, outside any series. This cannot be undone."
                confirmLabel="Delete series"
                destructive
                onConfirm={() => remove.mutate({ params: { seriesId: s.id } })}
              />
            </div>
          </li>
        ))}
      </ul>
      {series.data ? <Pager page={page} total={series.data.total} pageSize={ADMIN_PAGE_SIZE} onPage={setPage} /> : null}
    </main>
  );
}

/** /app/admin/series/create: one of Verba's own series. */
export function CreateSeriesPage() {
  const create = useCreateSeries();
  const save = async (v: FormOut) => {
    const { seriesId } = await create.mutateAsync({ body: v });
    toast({ title: `“${v.title}” was created` });
    navigate(withQuery(ADMIN_PATHS.editSeries, { id: seriesId }));
  };
  return (
    <main>
      <SectionHeader section="admin" title="Create series" />
      <p>
        <Link href={ADMIN_PATHS.series}>← Series</Link>
      </p>
      <SeriesForm
        initial={{ languageCode: 'de', title: '', description: '', previewImgSrc: '', authorDisplayName: '', isPrivate: false }}
        languageFixed={false}
        submitLabel="Create series"
        onSave={save}
      />
    </main>
  );
}

/** /app/admin/series/edit?id: any series, with its History tab. */
export function EditSeriesPage() {
  const id = useSearchParam('id');
  const series = useSeries(id);
  const found = series.data;
  const update = useUpdateSeries();
  const save = async (v: FormOut) => {
    // A series keeps its language: the update takes everything else.
    await update.mutateAsync({
      params: { seriesId: id! },
      body: {
        title: v.title,
        description: v.description,
        previewImgSrc: v.previewImgSrc,
        authorDisplayName: v.authorDisplayName,
        isPrivate: v.isPrivate,
      },
    });
    toast({ title: `“${v.title}” was saved` });
  };
  return (
    <main>
      <SectionHeader section="admin" title="Edit series" />
      <p>
        <Link href={ADMIN_PATHS.series}>← Series</Link>
      </p>
      {!id ? <p>Open a series from the series list to edit it.</p> : null}
      {series.isPending && id ? <Spinner label="Loading the series…" /> : null}
      <QueryErrorNotice query={series} title="The series could not be loaded." />
      {found ? (
        <WithHistory entity="series" id={found.id} label="Series">
          <SeriesForm
            key={found.id}
            initial={{
              languageCode: found.languageCode,
              title: found.title,
              description: found.description,
              previewImgSrc: found.previewImgSrc ?? '',
              authorDisplayName: found.authorDisplayName,
              isPrivate: found.isPrivate,
            }}
            languageFixed
            submitLabel="Save series"
            onSave={save}
          />
        </WithHistory>
      ) : null}
    </main>
  );
}

function SeriesForm({
  initial,
  languageFixed,
  submitLabel,
  onSave,
}: {
  initial: FormIn;
  languageFixed: boolean;
  submitLabel: string;
  onSave: (v: FormOut) => Promise<void>;
}) {
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(FormSchema), defaultValues: initial, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="ad-form" onSubmit={submitWith(form, onSave)} noValidate>
      <FormError message={errors.root?.message} />
      <TextField label="Title" required error={errors.title?.message} {...form.register('title')} />
      {languageFixed ? (
        <p>Language: {LANGUAGE_NAMES[initial.languageCode]} (a series keeps its language)</p>
      ) : (
        <SelectField label="Language" required {...form.register('languageCode')}>
          {LEARNING_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField label="Description" rows={4} error={errors.description?.message} {...form.register('description')} />
      <TextField label="Preview image address" error={errors.previewImgSrc?.message} {...form.register('previewImgSrc')} />
      <TextField label="Author name shown" error={errors.authorDisplayName?.message} {...form.register('authorDisplayName')} />
      <div className="ad-switches">
        <Controller
          control={form.control}
          name="isPrivate"
          render={({ field }) => <Switch label="Private (only its author)" checked={!!field.value} onCheckedChange={field.onChange} />}
        />
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
