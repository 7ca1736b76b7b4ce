import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Link, navigate, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { Switch } from '@verba/kit/ui';
import { ARTICLE_CATEGORIES, LANGUAGE_NAMES, LEARNING_LANGUAGES, LEVELS } from '@verba/contracts/domain';
import { AdminArticleInputSchema, type Article, ImageSrcFieldSchema, SeriesIdFieldSchema } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { FormError, submitWith } from '../../../components/forms';
import { SelectField, TextAreaField } from '@verba/kit';
import { WithHistory } from '../../../components/HistoryTab';
import { ArticleBadges } from './ArticlesPage';
import { useAdminArticle, useAdminCreateArticle, useAdminUpdateArticle, useSeriesChoices } from '../api/library';

/** The learner's article form (the contract's input) plus premium; empty image and series are null. */
const FormSchema = AdminArticleInputSchema.extend({
  previewImgSrc: ImageSrcFieldSchema,
  seriesId: SeriesIdFieldSchema,
});
type FormIn = z.input<typeof FormSchema>;
type FormOut = z.output<typeof FormSchema>;

const blank: FormIn = {
  languageCode: 'de',
  name: '',
  category: 'Other',
  generalDifficulty: 'A1',
  content: '',
  contentFormat: 'text',
  translation: '',
  previewImgSrc: '',
  authorDisplayName: '',
  isPrivate: false,
  isPremiumOnly: false,
  seriesId: '',
};

const fromArticle = (a: Article): FormIn => ({
  languageCode: a.languageCode,
  name: a.name,
  category: a.category,
  generalDifficulty: a.generalDifficulty,
  content: a.content,
  contentFormat: a.contentFormat,
  translation: a.translation,
  previewImgSrc: a.previewImgSrc ?? '',
  authorDisplayName: a.authorDisplayName,
  isPrivate: a.isPrivate,
  isPremiumOnly: a.isPremiumOnly,
  seriesId: a.seriesId ?? '',
});

/** /app/admin/library/create: one of Verba's own articles. */
export function CreateArticlePage() {
  const create = useAdminCreateArticle();
  const save = async (values: FormOut) => {
    const { articleId } = await create.mutateAsync({ body: values });
    toast({ title: `“${values.name}” was created` });
    navigate(withQuery(ADMIN_PATHS.editArticle, { id: articleId }));
  };
  return (
    <main>
      <SectionHeader
        section="admin"
        title="Create article"
        subtitle="An article of Verba's own: public, private or premium, no approval needed."
      />
      <p>
        <Link href={ADMIN_PATHS.libraryArticles}>← Articles</Link>
      </p>
      <ArticleForm initial={blank} submitLabel="Create article" onSave={save} />
    </main>
  );
}

/** /app/admin/library/edit?id: any article, with its History tab. */
export function EditArticlePage() {
  const id = useSearchParam('id');
  const article = useAdminArticle(id);
  const update = useAdminUpdateArticle();
  const save = async (values: FormOut) => {
    await update.mutateAsync({ params: { articleId: id! }, body: values });
    toast({ title: `“${values.name}” was saved` });
  };
  return (
    <main>
      <SectionHeader section="admin" title="Edit article" />
      <p>
        <Link href={ADMIN_PATHS.libraryArticles}>← Articles</Link>
      </p>
      {!id ? <p>Open an article from the articles list to edit it.</p> : null}
      {article.isPending && id ? <Spinner label="Loading the article…" /> : null}
      <QueryErrorNotice query={article} title="The article could not be loaded." />
      {article.data ? (
        <>
          <p className="ad-actions">
            <span>by {article.data.authorId ? article.data.authorDisplayName : 'Verba'}</span>
            <ArticleBadges article={article.data} />
          </p>
          {article.data.declineReason ? <p role="note">Declined: {article.data.declineReason}</p> : null}
          <WithHistory entity="article" id={article.data.id} label="Article">
            <ArticleForm key={article.data.id} initial={fromArticle(article.data)} submitLabel="Save article" onSave={save} />
          </WithHistory>
        </>
      ) : null}
    </main>
  );
}

function ArticleForm({ initial, submitLabel, onSave }: { initial: FormIn; submitLabel: string; onSave: (v: FormOut) => Promise<void> }) {
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(FormSchema), defaultValues: initial, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const language = useWatch({ control: form.control, name: 'languageCode' });
  const series = useSeriesChoices(language);
  return (
    <form className="ad-form" onSubmit={submitWith(form, onSave)} noValidate>
      <FormError message={errors.root?.message} />
      <TextField label="Title" required error={errors.name?.message} {...form.register('name')} />
      <div className="ad-form__row">
        <SelectField label="Language" required {...form.register('languageCode')}>
          {LEARNING_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Category" required error={errors.category?.message} {...form.register('category')}>
          {ARTICLE_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <SelectField label="Level" required error={errors.generalDifficulty?.message} {...form.register('generalDifficulty')}>
          {LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </SelectField>
        <SelectField label="Series" error={errors.seriesId?.message} {...form.register('seriesId')}>
          <option value="">No series</option>
          {series.data?.series.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Text" required rows={12} error={errors.content?.message} {...form.register('content')} />
      <TextAreaField label="Translation" rows={6} error={errors.translation?.message} {...form.register('translation')} />
      <div className="ad-form__row">
        <TextField label="Preview image address" error={errors.previewImgSrc?.message} {...form.register('previewImgSrc')} />
        <TextField label="Author name shown" error={errors.authorDisplayName?.message} {...form.register('authorDisplayName')} />
      </div>
      <div className="ad-switches">
        <Controller
          control={form.control}
          name="isPrivate"
          render={({ field }) => <Switch label="Private (only its author)" checked={!!field.value} onCheckedChange={field.onChange} />}
        />
        <Controller
          control={form.control}
          name="isPremiumOnly"
          render={({ field }) => <Switch label="Premium (Master only)" checked={!!field.value} onCheckedChange={field.onChange} />}
        />
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
