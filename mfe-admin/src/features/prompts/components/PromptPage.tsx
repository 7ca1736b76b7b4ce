import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Link, QueryErrorNotice, SectionHeader, Spinner, toast } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { MAX_PROMPT_LENGTH, PROMPT_TOO_LONG, type PromptKind } from '@verba/contracts/http';
import { ADMIN_PATHS, withQuery } from '../../../routing/admin-paths';
import { FormError, submitWith } from '../../../components/forms';
import { TextAreaField } from '@verba/kit';
import { WithHistory } from '../../../components/HistoryTab';
import { PROMPT_TITLES, usePromptVersions, usePrompts, useRestorePrompt, useUpdatePrompt } from '../api/prompts';

const FormSchema = z.object({ prompt: z.string().trim().min(1, 'The prompt is required').max(MAX_PROMPT_LENGTH, PROMPT_TOO_LONG) });
const PROMPT_PAGES: [PromptKind, string][] = [
  ['translation', ADMIN_PATHS.aiPrompt],
  ['publicArticleCheck', ADMIN_PATHS.aiHateSpeechPrompt],
  ['multiWord', ADMIN_PATHS.aiPromptMultiword],
];
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /app/admin/library/ai-prompt (and the hate-speech and multi-word pages): edit the prompt; every version kept and restorable. */
export function PromptPage({ kind }: { kind: PromptKind }) {
  const prompts = usePrompts();
  const current = prompts.data?.prompts.find((p) => p.kind === kind);
  return (
    <main>
      <SectionHeader
        section="admin"
        title={PROMPT_TITLES[kind]}
        subtitle="Every saved version is kept; restoring one saves it again as the newest."
      />
      <nav aria-label="Prompts" className="ad-tabs">
        {PROMPT_PAGES.map(([k, href]) => (
          <Link key={k} href={href} className="ad-tab" aria-current={k === kind ? 'page' : undefined}>
            {PROMPT_TITLES[k]}
          </Link>
        ))}
        <Link href={withQuery(ADMIN_PATHS.testAi, { kind })} className="ad-tab">
          Test this prompt
        </Link>
      </nav>
      {prompts.isPending ? <Spinner label="Loading the prompt…" /> : null}
      <QueryErrorNotice query={prompts} title="The prompt could not be loaded." />
      {current ? (
        <WithHistory entity="prompt" id={kind} label="Prompt">
          <p className="ad-muted">
            Version {current.version}
            {current.version === 0 ? ' (the built-in default)' : ''}
          </p>
          <PromptForm key={`${current.version}`} kind={kind} prompt={current.prompt} />
          <Versions kind={kind} current={current.version} />
        </WithHistory>
      ) : null}
    </main>
  );
}

function PromptForm({ kind, prompt }: { kind: PromptKind; prompt: string }) {
  const update = useUpdatePrompt();
  const form = useForm<z.infer<typeof FormSchema>>({ resolver: zodResolver(FormSchema), defaultValues: { prompt }, mode: 'onTouched' });
  const save = submitWith(form, async ({ prompt: text }) => {
    const { changed } = await update.mutateAsync({ body: { kind, prompt: text } });
    toast({ title: changed ? 'The prompt was saved as a new version' : 'Nothing changed' });
  });
  return (
    <form className="ad-form" onSubmit={save} noValidate>
      <FormError message={form.formState.errors.root?.message} />
      <TextAreaField label="Prompt" required rows={10} error={form.formState.errors.prompt?.message} {...form.register('prompt')} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving…' : 'Save prompt'}
      </Button>
    </form>
  );
}

function Versions({ kind, current }: { kind: PromptKind; current: number }) {
  const versions = usePromptVersions(kind);
  const restore = useRestorePrompt({
    onSuccess: (r) =>
      toast({
        title: r.changed ? `Version ${r.version} was restored as the newest version.` : 'That version is already the current text.',
      }),
    onError: (e) => toast({ title: e.message, variant: 'destructive' }),
  });
  return (
    <section className="ad-panel ad-panel--spaced" aria-label="Versions">
      <h2 className="ad-panel__subtitle">Versions</h2>
      <QueryErrorNotice query={versions} title="The versions could not be loaded." />
      <ol className="ad-versions">
        {versions.data?.versions.map((v) => (
          <li key={v.version} className="ad-history__entry">
            <p className="ad-history__head">
              <strong>Version {v.version}</strong> · <time dateTime={v.updatedAt}>{when.format(new Date(v.updatedAt))}</time>
              {v.version === current ? ' · current' : ''}
            </p>
            <p className="ad-answer">{v.prompt}</p>
            {v.version !== current ? (
              <AlertDialog
                trigger={
                  <Button size="sm" variant="secondary" aria-label={`Restore version ${v.version}`}>
                    Restore
                  </Button>
                }
                title={`Restore version ${v.version}?`}
                description="Its text is saved again as the newest version; the versions in between stay in the list."
                confirmLabel="Restore version"
                onConfirm={() => restore.mutate({ params: { kind }, body: { version: v.version } })}
              />
            ) : null}
          </li>
        ))}
        <li className="ad-history__entry">
          <p className="ad-history__head">
            <strong>Version 0</strong> · the built-in default{current === 0 ? ' · current' : ''}
          </p>
          {current !== 0 ? (
            <AlertDialog
              trigger={
                <Button size="sm" variant="secondary" aria-label="Restore version 0">
                  Restore
                </Button>
              }
              title="Restore the built-in default?"
              description="The default text is saved again as the newest version."
              confirmLabel="Restore default"
              onConfirm={() => restore.mutate({ params: { kind }, body: { version: 0 } })}
            />
          ) : null}
        </li>
      </ol>
    </section>
  );
}
