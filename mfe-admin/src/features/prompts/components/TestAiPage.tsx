import { useState, type FormEvent } from 'react';
import { Button, Link, SectionHeader } from '@verba/kit';
import { LANGUAGE_NAMES, LEARNING_LANGUAGES, type LearningLanguage } from '@verba/contracts/domain';
import { PROMPT_KINDS, type PromptKind, type PromptRun } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam } from '../../../routing/admin-paths';
import { Select } from '../../../components/Select';
import { TextAreaField } from '@verba/kit';
import { PROMPT_TITLES, usePromptVersions, usePrompts, useTestPrompt } from '../api/prompts';

type Which = 'current' | 'draft' | `v${number}`;

/**
 * /app/admin/library/test-ai: run a prompt (the current one, a saved version or an unsaved draft) on a sample
 * through the translation port, and read its answer and duration beside the previous version's.
 */
export function TestAiPage() {
  const asked = useSearchParam('kind');
  const [kind, setKind] = useState<PromptKind>(PROMPT_KINDS.includes(asked as PromptKind) ? (asked as PromptKind) : 'translation');
  const [which, setWhich] = useState<Which>('current');
  const [draft, setDraft] = useState('');
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<LearningLanguage | ''>('de');
  const prompts = usePrompts();
  const versions = usePromptVersions(kind);
  const test = useTestPrompt();
  const current = prompts.data?.prompts.find((p) => p.kind === kind);
  const run = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      text,
      ...(language ? { languageCode: language } : {}),
      ...(which === 'draft' ? { prompt: draft || current?.prompt || '' } : which === 'current' ? {} : { version: Number(which.slice(1)) }),
    };
    test.mutate({ params: { kind }, body });
  };
  const versionOptions = [
    { value: 'current' as Which, label: `The current version${current ? ` (${current.version})` : ''}` },
    ...(versions.data?.versions ?? []).map((v) => ({ value: `v${v.version}` as Which, label: `Version ${v.version}` })),
    { value: 'v0' as Which, label: 'Version 0 (the built-in default)' },
    { value: 'draft' as Which, label: 'A draft (not saved)' },
  ];
  return (
    <main>
      <SectionHeader
        section="admin"
        title="Test the AI"
        subtitle="Run a prompt on a sample text and compare it with the version before it."
      />
      <p>
        <Link href={ADMIN_PATHS.library}>← Library</Link>
      </p>
      <form className="ad-form" onSubmit={run} noValidate>
        <div className="ad-form__row">
          <Select
            label="Prompt"
            value={kind}
            options={PROMPT_KINDS.map((k) => ({ value: k, label: PROMPT_TITLES[k] }))}
            onChange={(v) => (setKind(v || 'translation'), setWhich('current'))}
          />
          <Select label="Version" value={which} options={versionOptions} onChange={(v) => setWhich(v || 'current')} />
          <Select
            label="Language of the sample"
            any="Guess it"
            value={language}
            options={LEARNING_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={setLanguage}
          />
        </div>
        {which === 'draft' ? (
          <TextAreaField label="Draft prompt" rows={6} value={draft || current?.prompt || ''} onChange={(e) => setDraft(e.target.value)} />
        ) : null}
        <TextAreaField
          label="Sample text"
          required
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={test.error?.message}
        />
        <Button type="submit" disabled={test.isPending}>
          {test.isPending ? 'Running…' : 'Run'}
        </Button>
      </form>
      {test.data ? (
        <section className="ad-compare ad-panel--spaced" aria-label="Answers">
          <Answer title={test.data.run.version === null ? 'The draft' : `Version ${test.data.run.version}`} run={test.data.run} />
          {test.data.previous ? (
            <Answer title={`Previous: version ${test.data.previous.version}`} run={test.data.previous} />
          ) : (
            <p className="ad-panel">No earlier version to compare with.</p>
          )}
        </section>
      ) : null}
    </main>
  );
}

function Answer({ title, run }: { title: string; run: PromptRun }) {
  return (
    <article className="ad-panel" aria-label={title}>
      <h2 className="ad-panel__subtitle">{title}</h2>
      <p className="ad-answer">{run.found ? run.data : 'No translation found.'}</p>
      <p className="ad-muted">
        duration_s: {run.duration_s.toFixed(3)}
        {run.source ? ` · source: ${run.source}` : ''}
      </p>
      <details>
        <summary>Prompt</summary>
        <p className="ad-answer">{run.prompt}</p>
      </details>
    </article>
  );
}
