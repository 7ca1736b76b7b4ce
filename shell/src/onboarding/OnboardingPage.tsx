import { useEffect, useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Link, TextField, navigate, session, toast, usePathname, useSession } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { PATHS } from '../routing/paths';
import { Choice } from './Choice';
import {
  LANGUAGES,
  LEVELS,
  USERNAME_PATTERN,
  USERNAME_RULE,
  clearDraft,
  readDraft,
  resumeStep,
  writeDraft,
  type Draft,
  type LanguageCode,
  type LevelCode,
} from './choices';
import { useChangeLanguage, useCheckUsername, useFinishOnboarding, useSaveBasicInfo, useVisibleLanguageCodes } from './onboarding-api';

/** The languages a learner may choose: a language an admin hid is left out (all of them until the answer comes). */
function useOfferedLanguages() {
  const visible = useVisibleLanguageCodes();
  return LANGUAGES.filter((l) => !visible || visible.has(l.code)).map((l) => ({ value: l.code, title: l.name, detail: l.native }));
}

const base = PATHS.onboarding;
const STEPS = ['language', 'level', 'username'] as const;

/** The answers so far for the signed-in account, and a setter that keeps them (see choices.ts). */
function useDraft(): [Draft, (draft: Draft) => void] {
  const uid = useSession().user?.uid;
  const [, changed] = useReducer((n: number) => n + 1, 0);
  // Read on every render: the session may arrive after the first one (a reload), and the answers with it.
  const draft = readDraft(uid);
  const keep = (next: Draft) => {
    writeDraft(uid, next);
    changed();
  };
  return [draft, keep];
}

/** /app/onboarding and its steps (spec §2): language, level, name and username, welcome; plus the
 *  later changes /choose-new-language and /choose-your-level. */
export function OnboardingPage() {
  return (
    <KitProviders>
      <OnboardingStep />
    </KitProviders>
  );
}

function OnboardingStep() {
  const step = usePathname().slice(base.length).replace(/^\//, '').replace(/\/$/, '');
  switch (step) {
    case '':
      return <Intro />;
    case 'language':
      return <LanguageStep />;
    case 'level':
      return <LevelStep />;
    case 'user':
    case 'username':
      return <UsernameStep />;
    case 'welcome':
      return <Welcome />;
    case 'choose-new-language':
      return <ChooseNewLanguage />;
    case 'choose-your-level':
      return <ChooseYourLevel />;
    default:
      return <Intro />;
  }
}

function Card({ title, step, children }: { title: string; step?: (typeof STEPS)[number]; children: ReactNode }) {
  const index = step ? STEPS.indexOf(step) : -1;
  return (
    <main className="sh-auth">
      <section className="sh-card sh-onboarding" aria-labelledby="onboarding-title">
        {index >= 0 ? (
          <p className="sh-onboarding__step" aria-label={`Step ${index + 1} of ${STEPS.length}`}>
            Step {index + 1} of {STEPS.length}
          </p>
        ) : null}
        <h1 id="onboarding-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}

function Intro() {
  const { user } = useSession();
  const [draft] = useDraft();
  const started = draft.language !== undefined;
  return (
    <Card title="Welcome to Verba">
      <p>Hello{user?.name ? `, ${user.name}` : ''}! Three quick questions and your library, courses and practice are set up for you.</p>
      {started ? <p>Your answers so far are kept.</p> : null}
      <Button onClick={() => navigate(`${base}/${resumeStep(draft)}`)}>{started ? 'Continue where you left off' : 'Let’s start'}</Button>
    </Card>
  );
}

function LanguageStep() {
  const [draft, keep] = useDraft();
  const offered = useOfferedLanguages();
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (draft.language) navigate(`${base}/level`);
  };
  return (
    <Card title="Which language do you want to learn?" step="language">
      <form onSubmit={next}>
        <Choice
          legend="Language"
          name="language"
          value={draft.language}
          onChange={(language) => keep({ ...draft, language })}
          options={offered}
        />
        <Button type="submit" disabled={!draft.language}>
          Continue
        </Button>
      </form>
    </Card>
  );
}

function LevelStep() {
  const [draft, keep] = useDraft();
  const { status } = useSession();
  const language = LANGUAGES.find((l) => l.code === draft.language);
  // Only a step whose earlier answers are missing sends back (once the account, and so its answers, is known).
  useEffect(() => {
    if (status === 'ready' && !language) navigate(`${base}/language`, { replace: true });
  }, [language, status]);
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (draft.level) navigate(`${base}/username`);
  };
  return (
    <Card title={`How well do you know ${language?.name ?? 'it'}?`} step="level">
      <form onSubmit={next}>
        <LevelChoice value={draft.level} onChange={(level) => keep({ ...draft, level })} />
        <div className="sh-onboarding__actions">
          <Link href={`${base}/language`}>Back</Link>
          <Button type="submit" disabled={!draft.level}>
            Continue
          </Button>
        </div>
      </form>
    </Card>
  );
}

function LevelChoice({ value, onChange }: { value: LevelCode | undefined; onChange: (level: LevelCode) => void }) {
  return (
    <Choice
      legend="Level"
      name="level"
      value={value}
      onChange={onChange}
      options={LEVELS.map((l) => ({ value: l.code, title: `${l.code} · ${l.name}`, detail: l.hint }))}
    />
  );
}

function UsernameStep() {
  const { user, status } = useSession();
  const [draft] = useDraft();
  const [name, setName] = useState(user?.name ?? '');
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const checkUsername = useCheckUsername();
  const saveBasicInfo = useSaveBasicInfo();
  const finishOnboarding = useFinishOnboarding();
  const resume = !draft.language || !draft.level ? resumeStep(draft) : null;
  useEffect(() => {
    if (status === 'ready' && resume) navigate(`${base}/${resume}`, { replace: true });
  }, [resume, status]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = username.trim();
    if (!USERNAME_PATTERN.test(wanted)) return setError(USERNAME_RULE);
    setBusy(true);
    setError(undefined);
    try {
      if (!(await checkUsername(wanted))) return setError('This username is already taken.');
      await saveBasicInfo({ username: wanted, ...(name.trim() ? { name: name.trim() } : {}) });
      const profile = await finishOnboarding(draft.language!, draft.level!);
      session.setUser(profile);
      clearDraft();
      navigate(`${base}/welcome`, { replace: true });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="What should we call you?" step="username">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField
          label="Username"
          required
          autoComplete="username"
          value={username}
          error={error}
          onChange={(e) => setUsername(e.target.value)}
        />
        <div className="sh-onboarding__actions">
          <Link href={`${base}/level`}>Back</Link>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Finish'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Welcome() {
  const { user } = useSession();
  const language = LANGUAGES.find((l) => l.code === user?.currentLearningLanguage);
  const level = language ? (user?.languageLevels as Record<string, string> | undefined)?.[language.code] : undefined;
  return (
    <Card title="You are all set!">
      <p>
        {language ? `You are learning ${language.name}${level ? ` at ${level}` : ''}. ` : ''}Your course starts at your level, and the
        library shows how hard each article is for you.
      </p>
      <div className="sh-onboarding__actions">
        <Link href={PATHS.courses}>Open your course</Link>
        <Button onClick={() => navigate(PATHS.dashboard, { replace: true })}>Go to the dashboard</Button>
      </div>
    </Card>
  );
}

/** Later: add or switch to another language, then pick its level. */
function ChooseNewLanguage() {
  const [language, setLanguage] = useState<LanguageCode | undefined>();
  const offered = useOfferedLanguages();
  const changeLanguage = useChangeLanguage();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!language) return;
    try {
      const profile = await changeLanguage(language);
      session.setUser(profile);
      writeDraft(profile.uid, { language });
      navigate(`${base}/choose-your-level`);
    } catch (err) {
      toast({ title: (err as Error).message, variant: 'destructive' });
    }
  };
  return (
    <Card title="Learn another language">
      <form onSubmit={(e) => void submit(e)}>
        <Choice legend="Language" name="language" value={language} onChange={setLanguage} options={offered} />
        <Button type="submit" disabled={!language}>
          Continue
        </Button>
      </form>
    </Card>
  );
}

/** Later: set the level of the current language (the course's starting point follows it). */
function ChooseYourLevel() {
  const { user } = useSession();
  const code = (readDraft(user?.uid).language ?? user?.currentLearningLanguage) as LanguageCode | undefined;
  const language = LANGUAGES.find((l) => l.code === code);
  const [level, setLevel] = useState<LevelCode | undefined>((user?.languageLevels as Record<string, LevelCode> | undefined)?.[code ?? '']);
  const finishOnboarding = useFinishOnboarding();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!level || !language) return;
    try {
      session.setUser(await finishOnboarding(language.code, level));
      clearDraft();
      toast({ title: `Your ${language.name} level is now ${level}.`, variant: 'info' });
      navigate(PATHS.dashboard, { replace: true });
    } catch (err) {
      toast({ title: (err as Error).message, variant: 'destructive' });
    }
  };
  return (
    <Card title={`Your ${language?.name ?? ''} level`}>
      <form onSubmit={(e) => void submit(e)}>
        <LevelChoice value={level} onChange={setLevel} />
        <Button type="submit" disabled={!level || !language}>
          Save
        </Button>
      </form>
    </Card>
  );
}
