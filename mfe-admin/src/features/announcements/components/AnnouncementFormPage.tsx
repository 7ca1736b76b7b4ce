import { useState } from 'react';
import { useForm, useFieldArray, useWatch, type Path } from 'react-hook-form';
import { Button, EmptyState, Link, navigate, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { AnnouncementBanner } from '@verba/kit/ui';
import { AUDIENCES, AUDIENCE_LABELS, DISMISS_BEHAVIORS, announcementStatus } from '@verba/contracts/domain';
import type { Announcement } from '@verba/contracts/http';
import { WithHistory } from '../../../components/HistoryTab';
import { FormError } from '../../../components/forms';
import { ADMIN_PATHS, useSearchParam } from '../../../routing/admin-paths';
import { useAnnouncement, useCreateAnnouncement, useImageChoices, useUpdateAnnouncement } from '../api/announcements';
import { NEW_ANNOUNCEMENT, emptyBlock, inputOf, previewBlocks, valuesOf, type AnnouncementValues, type BlockValues } from '../form-values';
import { STATUS_LABELS } from '../status';
import '../announcements.css';

const DISMISS_LABELS = {
  persistent: 'Persistent: dismissed for good',
  temporary: 'Temporary: dismissed for 2 days',
  session: 'Session: dismissed until the browser closes',
} as const;
const BLOCK_LABELS: Record<BlockValues['type'], string> = { header: 'Heading', paragraph: 'Paragraph', link: 'Link', image: 'Image' };

/** /app/admin/announcements/create */
export function CreateAnnouncementPage() {
  return (
    <main>
      <SectionHeader section="admin" title="New announcement" />
      <BackLink />
      <AnnouncementForm values={NEW_ANNOUNCEMENT} />
    </main>
  );
}

/** /app/admin/announcements/edit?id= : the form and the announcement's History tab. */
export function EditAnnouncementPage() {
  const id = useSearchParam('id');
  const one = useAnnouncement(id);
  const announcement = one.data;
  return (
    <main>
      <SectionHeader section="admin" title="Edit announcement" />
      <BackLink />
      {!id ? <EmptyState title="No announcement chosen">Open one from the list of announcements.</EmptyState> : null}
      {one.isPending && id ? <Spinner label="Loading the announcement…" /> : null}
      <QueryErrorNotice query={one} title="The announcement could not be loaded." />
      {announcement ? (
        <WithHistory entity="announcement" id={announcement.id} label="Announcement">
          <AnnouncementForm key={announcement.updatedAt} values={valuesOf(announcement)} announcement={announcement} />
        </WithHistory>
      ) : null}
    </main>
  );
}

const BackLink = () => (
  <p>
    <Link href={ADMIN_PATHS.announcements}>← All announcements</Link>
  </p>
);

function Select<T extends string>(p: {
  id: string;
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  field: ReturnType<ReturnType<typeof useForm<AnnouncementValues>>['register']>;
}) {
  return (
    <div className="vk-field">
      <label className="vk-field__label" htmlFor={p.id}>
        {p.label}
      </label>
      <select id={p.id} className="vk-input" {...p.field}>
        {p.options.map((o) => (
          <option key={o} value={o}>
            {p.labels[o]}
          </option>
        ))}
      </select>
    </div>
  );
}

function AnnouncementForm({ values, announcement }: { values: AnnouncementValues; announcement?: Announcement }) {
  const form = useForm<AnnouncementValues>({ defaultValues: values });
  const blocks = useFieldArray({ control: form.control, name: 'blocks' });
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    const checked = inputOf(v);
    if ('errors' in checked) {
      for (const e of checked.errors) form.setError(e.field as Path<AnnouncementValues>, { message: e.message });
      return;
    }
    try {
      if (announcement) await update.mutateAsync({ params: { id: announcement.id }, body: checked.input });
      else await create.mutateAsync({ body: checked.input });
      toast({ title: announcement ? 'The announcement was saved.' : 'The announcement was published.' });
      navigate(ADMIN_PATHS.announcements);
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  const blockError = (i: number, field: 'text' | 'url' | 'alt') => errors.blocks?.[i]?.[field]?.message;
  return (
    <form className="ad-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormError message={errors.root?.message} />
      <div className="an-grid">
        <Select id="an-visible-to" label="Visible to" options={AUDIENCES} labels={AUDIENCE_LABELS} field={form.register('visibleTo')} />
        <Select
          id="an-dismiss"
          label="Dismissal"
          options={DISMISS_BEHAVIORS}
          labels={DISMISS_LABELS}
          field={form.register('dismissBehavior')}
        />
        <TextField label="Starts" type="datetime-local" error={errors.startsAt?.message} {...form.register('startsAt')} />
        <TextField label="Ends" type="datetime-local" error={errors.endsAt?.message} {...form.register('endsAt')} />
      </div>
      <div className="vk-field">
        <label className="an-check">
          <input type="checkbox" {...form.register('active')} /> Switched on (shown within its schedule)
        </label>
      </div>
      <fieldset className="an-blocks">
        <legend className="vk-field__label">Content blocks</legend>
        {blocks.fields.map((field, i) => (
          <BlockEditor
            key={field.id}
            index={i}
            form={form}
            error={blockError}
            onRemove={blocks.fields.length > 1 ? () => blocks.remove(i) : undefined}
          />
        ))}
        <div className="ad-actions">
          {(['header', 'paragraph', 'link', 'image'] as const).map((type) => (
            <Button key={type} type="button" size="sm" variant="secondary" onClick={() => blocks.append(emptyBlock(type))}>
              Add {BLOCK_LABELS[type].toLowerCase()}
            </Button>
          ))}
        </div>
      </fieldset>
      <Preview form={form} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : announcement ? 'Save announcement' : 'Publish announcement'}
      </Button>
    </form>
  );
}

type Form = ReturnType<typeof useForm<AnnouncementValues>>;

function BlockEditor({
  index: i,
  form,
  error,
  onRemove,
}: {
  index: number;
  form: Form;
  error: (i: number, f: 'text' | 'url' | 'alt') => string | undefined;
  onRemove: (() => void) | undefined;
}) {
  const type = useWatch({ control: form.control, name: `blocks.${i}.type` });
  const images = useImageChoices();
  return (
    <div className="an-block" role="group" aria-label={`Block ${i + 1}`}>
      <div className="vk-field">
        <label className="vk-field__label" htmlFor={`an-block-${i}-type`}>
          Block {i + 1}
        </label>
        <select id={`an-block-${i}-type`} className="vk-input" {...form.register(`blocks.${i}.type`)}>
          {(['header', 'paragraph', 'link', 'image'] as const).map((t) => (
            <option key={t} value={t}>
              {BLOCK_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="an-block__fields">
        {type !== 'image' ? (
          <TextField label={type === 'link' ? 'Link text' : 'Text'} error={error(i, 'text')} {...form.register(`blocks.${i}.text`)} />
        ) : null}
        {type === 'link' ? (
          <TextField label="Address (https://… or /app/…)" error={error(i, 'url')} {...form.register(`blocks.${i}.url`)} />
        ) : null}
        {type === 'image' ? (
          <>
            <div className="vk-field">
              <label className="vk-field__label" htmlFor={`an-block-${i}-image`}>
                Image from the image manager
              </label>
              <select
                id={`an-block-${i}-image`}
                className="vk-input"
                aria-invalid={error(i, 'url') ? true : undefined}
                {...form.register(`blocks.${i}.url`)}
              >
                <option value="">Choose an image</option>
                {images.data?.images.map((img) => (
                  <option key={img.id} value={img.url}>
                    {img.name}
                  </option>
                ))}
              </select>
              {error(i, 'url') ? (
                <p className="vk-field__error" role="alert">
                  {error(i, 'url')}
                </p>
              ) : null}
            </div>
            <TextField label="Description for screen readers" error={error(i, 'alt')} {...form.register(`blocks.${i}.alt`)} />
          </>
        ) : null}
      </div>
      {onRemove ? (
        <Button type="button" size="sm" variant="secondary" onClick={onRemove} aria-label={`Remove block ${i + 1}`}>
          Remove
        </Button>
      ) : null}
    </div>
  );
}

/** The banner exactly as learners get it: the shell's own component, fed the blocks complete so far. */
function Preview({ form }: { form: Form }) {
  const [blocks, visibleTo, startsAt, endsAt, active] = useWatch({
    control: form.control,
    name: ['blocks', 'visibleTo', 'startsAt', 'endsAt', 'active'],
  });
  const shown = previewBlocks(blocks);
  // The status as of opening the form: rendering reads no clock.
  const [now] = useState(Date.now);
  const status = announcementStatus(
    { active, startsAt: startsAt ? Date.parse(startsAt) : null, endsAt: endsAt ? Date.parse(endsAt) : null },
    now,
  );
  return (
    <section className="an-preview" aria-labelledby="an-preview-title">
      <h2 id="an-preview-title">Preview as a learner</h2>
      <p className="ad-muted an-preview__note">
        {AUDIENCE_LABELS[visibleTo]} would see this banner · {STATUS_LABELS[status]} now
      </p>
      {shown.length ? (
        <AnnouncementBanner banner={{ content: { blocks: shown } }} onDismiss={() => undefined} />
      ) : (
        <p className="ad-muted">Write a block to see the banner.</p>
      )}
    </section>
  );
}
