import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, TextField, navigate, toast, useSession, type SessionUser } from '@verba/kit';
import { ProgressBar } from '@verba/kit/ui';
import { ARTICLE_CATEGORIES, LEVELS, LevelSchema, type ArticleCategory, type LearningLanguage, type Level } from '@verba/contracts';
import { IMPORT_FILE_MAX_BYTES, IMPORT_FILE_TYPES, IMPORT_MESSAGES, LIBRARY_MESSAGES, type ImportResult } from '@verba/contracts/http';
import { useImport, type ImportSource } from '../api/import-api';
import { SelectField, TextAreaField } from './fields';

type Kind = ImportSource['kind'];

interface ImportForm {
  kind: Kind;
  name: string;
  text: string;
  files: FileList | null;
  url: string;
  category: ArticleCategory;
  generalDifficulty: Level;
}

const KINDS: [Kind, string][] = [
  ['text', 'Pasted text'],
  ['file', 'A file (.txt, .epub, .srt, .vtt or .pdf)'],
  ['url', 'A web page'],
];

/** What the file picker offers: the extensions the import reads, and their types where browsers know them. */
const FILE_ACCEPT = [
  ...IMPORT_FILE_TYPES,
  'text/plain',
  'application/epub+zip',
  'text/vtt',
  'application/x-subrip',
  'application/pdf',
].join(',');
const FILE_HELP =
  'A text file, an EPUB book, subtitles (.srt or .vtt: each subtitle becomes a line, with its timing) or a PDF with a text layer (scanned pages without one cannot be read). The text must be in the language of the library.';

/** The source as the form holds it, or the message to show in place of the missing part. */
function sourceOf(values: ImportForm): ImportSource | { field: 'text' | 'files' | 'url'; message: string } {
  if (values.kind === 'text')
    return values.text.trim()
      ? { kind: 'text', name: values.name.trim(), text: values.text }
      : { field: 'text', message: LIBRARY_MESSAGES.required };
  if (values.kind === 'url')
    return /^https?:\/\/\S+$/i.test(values.url.trim())
      ? { kind: 'url', url: values.url.trim() }
      : { field: 'url', message: IMPORT_MESSAGES.urlInvalid };
  const file = values.files?.[0];
  if (!file) return { field: 'files', message: IMPORT_MESSAGES.fileRequired };
  if (!IMPORT_FILE_TYPES.some((type) => file.name.toLowerCase().endsWith(type)))
    return { field: 'files', message: IMPORT_MESSAGES.unsupportedFile };
  if (file.size === 0) return { field: 'files', message: IMPORT_MESSAGES.emptyFile };
  if (file.size > IMPORT_FILE_MAX_BYTES) return { field: 'files', message: IMPORT_MESSAGES.fileTooLarge };
  return { kind: 'file', file };
}

/** The learner's level in the language (from onboarding), the level their texts most likely have; else B1. */
function learnerLevel(user: SessionUser | null, languageCode: LearningLanguage): Level {
  const levels = user?.['languageLevels'] as Partial<Record<LearningLanguage, unknown>> | undefined;
  return LevelSchema.catch('B1').parse(levels?.[languageCode]);
}

/** Opens what was made: the article, or the library showing the new series. */
function done(result: ImportResult) {
  const count = result.articles.length;
  toast({
    title: count === 1 ? 'Text imported' : `Imported ${count} articles`,
    description: result.series ? `Series “${result.series.title}”` : undefined,
  });
  if (result.series) navigate(`/app/library?seriesId=${encodeURIComponent(result.series.id)}`);
  else if (result.articles[0]) navigate(`/app/library/${encodeURIComponent(result.articles[0].id)}`);
}

/**
 * Bring your own texts: pasted text, a .txt, EPUB, subtitle (.srt, .vtt) or PDF file, or a web page, into private articles. Long
 * imports show their progress (upload, then the articles as the server writes them).
 */
export function ImportPanel({ languageCode }: { languageCode: LearningLanguage }) {
  const { user } = useSession();
  const form = useForm<ImportForm>({
    defaultValues: {
      kind: 'text',
      name: '',
      text: '',
      files: null,
      url: '',
      category: 'Other',
      generalDifficulty: learnerLevel(user, languageCode),
    },
  });
  const { register, watch, setError, formState } = form;
  const { run, status } = useImport();
  const [failure, setFailure] = useState<string | null>(null);
  const kind = watch('kind');

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const source = sourceOf(values);
    if ('field' in source) {
      setError(source.field, { message: source.message });
      return;
    }
    try {
      done(await run(source, { languageCode, category: values.category, generalDifficulty: values.generalDifficulty }));
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  const busy = status !== null;
  return (
    <form className="rd-form rd-import" onSubmit={(e) => void submit(e)} noValidate aria-label="Import a text">
      <p className="rd-note">
        Imported texts are private: only you can see them. A long text, or a book&apos;s chapters, become a private series.
      </p>
      {failure ? (
        <p className="rd-form__error" role="alert">
          {failure}
        </p>
      ) : null}
      <fieldset className="rd-visibility" disabled={busy}>
        <legend className="vk-field__label">Import from</legend>
        {KINDS.map(([value, label]) => (
          <label key={value}>
            <input type="radio" value={value} {...register('kind')} /> {label}
          </label>
        ))}
      </fieldset>
      {kind === 'text' ? (
        <>
          <TextField label="Title (optional: the first line otherwise)" disabled={busy} {...register('name')} />
          <TextAreaField label="Text" required rows={10} disabled={busy} error={formState.errors.text?.message} {...register('text')} />
        </>
      ) : null}
      {kind === 'file' ? (
        <TextField
          label="File"
          type="file"
          required
          accept={FILE_ACCEPT}
          disabled={busy}
          error={formState.errors.files?.message}
          {...register('files')}
        />
      ) : null}
      {kind === 'file' ? <p className="rd-note">{FILE_HELP}</p> : null}
      {kind === 'url' ? (
        <TextField
          label="Web address"
          required
          inputMode="url"
          placeholder="https://…"
          disabled={busy}
          error={formState.errors.url?.message}
          {...register('url')}
        />
      ) : null}
      <div className="rd-form__row">
        <SelectField label="Category" disabled={busy} {...register('category')}>
          {ARTICLE_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <SelectField label="Level" disabled={busy} {...register('generalDifficulty')}>
          {LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </SelectField>
      </div>
      {status ? (
        <div className="rd-import__progress">
          <ProgressBar value={status.percent} label="Import progress" />
          <p className="rd-note" role="status">
            {status.label}
          </p>
        </div>
      ) : null}
      <div className="rd-form__actions">
        <Button type="submit" disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </Button>
      </div>
    </form>
  );
}
