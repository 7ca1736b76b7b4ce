import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, ErrorNotice, Link, PasswordInput, SectionHeader, Spinner, TextField, navigate, session, toast } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { AlertDialog, Switch } from '@verba/kit/ui';
import {
  DEFAULT_TIME_ZONE,
  MARK_FAMILY_CHOICES,
  MARK_FAMILY_DEFAULT,
  MESSAGES,
  type LearningLanguage,
  type MarkFamily,
} from '@verba/contracts';
import { PATHS } from '../routing/paths';
import { LANGUAGES, USERNAME_PATTERN, USERNAME_RULE } from '../onboarding/choices';
import { DEFAULT_VOICES, VOICES } from './voices';
import { Newsletter } from './Newsletter';
import { DailyGoalForm } from './DailyGoal';
import { OfflineTexts } from '../offline/OfflineTexts';
import { browserTimeZone, timeZoneChoices, useTimeZoneFromBrowser } from './time-zone';
import { errorText } from '../auth/error-text';
import {
  uploadAvatar,
  useChangePassword,
  useDeleteAccount,
  useProfile,
  useSaveBasicInfo,
  useSaveSettings,
  useSwitchLanguage,
  type Profile,
  type ProfileSettings,
} from './profile-api';

const MAX_AVATAR_BYTES = 4_194_304;
/** "Mark the whole family" (issue 38.2): what marking a form does to its family's other forms on the page. */
const MARK_FAMILY_LABELS: Record<MarkFamily, string> = { always: 'Always', ask: 'Ask each time', never: 'Never' };
const languageName = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** /app/user-profile/user-info: details, languages, settings, newsletter, password and account deletion. */
export function ProfilePage() {
  return (
    <KitProviders>
      <ProfileSections />
    </KitProviders>
  );
}

function ProfileSections() {
  // Once the account is being deleted nothing reads the profile again (a read after it would answer 401).
  const [leaving, setLeaving] = useState(false);
  const read = useProfile({ enabled: !leaving });
  // What the last write answered: shown while the profile is read again at that write's position, so a
  // switch does not turn back for a moment.
  const [answered, setAnswered] = useState<Profile>();
  const profile = read.isPlaceholderData && answered ? answered : read.data;
  // The first profile load of a learner without a time zone saves the browser's (as the dashboard does).
  useTimeZoneFromBrowser(leaving ? undefined : read.data);
  const update = (next: Profile) => {
    setAnswered(next);
    session.setUser(next);
  };

  return (
    <main className="sh-page sh-profile">
      <SectionHeader section="profile" title="Profile" subtitle="Your details, languages and settings." />
      {read.error && !profile ? (
        <ErrorNotice title="Your profile could not be loaded." detail={read.error.message} onRetry={() => void read.refetch()} />
      ) : null}
      {!profile && !read.error ? <Spinner label="Loading your profile…" /> : null}
      {profile ? (
        <>
          <Details profile={profile} onSaved={update} onAvatar={() => void read.refetch()} />
          <Languages profile={profile} onSaved={update} />
          <Section title="Daily goal">
            <DailyGoalForm profile={profile} onSaved={update} />
          </Section>
          <Settings profile={profile} onSaved={update} />
          <Section title="Offline reading">
            <OfflineTexts />
          </Section>
          <Section title="Newsletter">
            <Newsletter email={profile.email} name={profile.name} />
          </Section>
          <Password hasPassword={profile.hasPassword} />
          <DeleteAccount onLeaving={setLeaving} />
        </>
      ) : null}
    </main>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `profile-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="sh-profile__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Details({ profile, onSaved, onAvatar }: { profile: Profile; onSaved: (p: Profile) => void; onAvatar: () => void }) {
  const [name, setName] = useState(profile.name);
  const [username, setUsername] = useState(profile.username ?? '');
  const [usernameError, setUsernameError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [stamp, setStamp] = useState(Date.now);
  const saveBasicInfo = useSaveBasicInfo();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setUsernameError(undefined);
    const wanted = username.trim();
    if (wanted && !USERNAME_PATTERN.test(wanted)) return setUsernameError(USERNAME_RULE);
    try {
      const body = { name: name.trim() || undefined, ...(wanted && wanted !== profile.username ? { username: wanted } : {}) };
      onSaved((await saveBasicInfo.mutateAsync({ body })).profile);
      toast({ title: 'Your details are saved.', variant: 'info' });
    } catch (err) {
      setUsernameError((err as Error).message);
    }
  };
  const upload = async (e: FormEvent) => {
    e.preventDefault();
    setFileError(undefined);
    if (!file) return setFileError(MESSAGES.form.fileRequired);
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setFileError('Only PNG or JPEG images are allowed.');
    if (file.size > MAX_AVATAR_BYTES) return setFileError('The image must be at most 4 MB.');
    try {
      await uploadAvatar(file);
      setStamp(Date.now());
      onAvatar();
      toast({ title: 'Your profile image is updated.', variant: 'info' });
    } catch (err) {
      setFileError((err as Error).message);
    }
  };
  return (
    <Section title="Your details">
      <div className="sh-profile__details">
        <form className="sh-profile__avatar" onSubmit={(e) => void upload(e)} noValidate>
          {profile.hasAvatar ? (
            <img src={`/api/user/avatar?v=${stamp}`} alt="Your profile image" width={96} height={96} />
          ) : (
            <span className="sh-profile__avatar-default" aria-label="Default profile image" role="img">
              {(profile.name || profile.email).slice(0, 1).toUpperCase()}
            </span>
          )}
          <TextField
            label="Profile image (PNG or JPEG, at most 4 MB)"
            type="file"
            accept="image/png,image/jpeg"
            required
            error={fileError}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button type="submit" variant="secondary">
            Upload image
          </Button>
        </form>
        <form onSubmit={(e) => void save(e)} noValidate>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          <TextField
            label="Username"
            value={username}
            error={usernameError}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
          />
          <p className="sh-profile__meta">Email: {profile.email}</p>
          <Button type="submit">Save details</Button>
        </form>
      </div>
    </Section>
  );
}

function Languages({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const switchLanguage = useSwitchLanguage();
  const make = async (code: LearningLanguage) => {
    try {
      onSaved((await switchLanguage.mutateAsync({ body: { languageId: code } })).profile);
    } catch (err) {
      toast({ title: (err as Error).message, variant: 'destructive' });
    }
  };
  return (
    <Section title="Languages">
      {profile.learnedLanguages.length === 0 ? <p>You have not chosen a language yet.</p> : null}
      <ul className="sh-profile__languages">
        {profile.learnedLanguages.map((code) => (
          <li key={code}>
            <strong>{languageName(code)}</strong> · {profile.languageLevels[code] ?? 'level not set'} ·{' '}
            {((profile.timeSpent[code] ?? 0) / 3600).toFixed(1)} hours
            {profile.currentLearningLanguage === code ? (
              <span className="sh-profile__current"> (learning now)</span>
            ) : (
              <Button variant="secondary" onClick={() => void make(code)}>
                Learn {languageName(code)} now
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="sh-profile__links">
        <Link href={`${PATHS.onboarding}/choose-your-level`}>Change your level</Link>
        {' · '}
        <Link href={`${PATHS.onboarding}/choose-new-language`}>Learn another language</Link>
      </p>
    </Section>
  );
}

function Settings({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const s = profile.settings;
  const saveSettings = useSaveSettings();
  const save = async (change: ProfileSettings) => {
    try {
      // The fragments read the settings after this write's position (the reader: whether Uncertain makes a card).
      onSaved((await saveSettings.mutateAsync({ body: change })).profile);
    } catch (err) {
      toast({ title: (err as Error).message, variant: 'destructive' });
    }
  };
  const speed = s.speech?.speed ?? 1;
  const zone = s.timeZone ?? DEFAULT_TIME_ZONE;
  const browserZone = browserTimeZone();
  return (
    <Section title="Settings">
      <label className="sh-profile__select">
        Time zone
        <select value={zone} aria-describedby="profile-time-zone-note" onChange={(e) => void save({ timeZone: e.target.value })}>
          {timeZoneChoices(zone).map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
              {z === browserZone ? ' (this device)' : ''}
            </option>
          ))}
        </select>
      </label>
      <p id="profile-time-zone-note" className="sh-profile__meta">
        Your streak, “today” and your daily figures count days in this time zone.
      </p>
      <fieldset className="sh-profile__fieldset">
        <legend>Library view</legend>
        {(['table', 'cards'] as const).map((view) => (
          <label key={view} className="sh-profile__radio">
            <input
              type="radio"
              name="library-view"
              checked={(s.library?.view ?? 'table') === view}
              onChange={() => void save({ library: { view } })}
            />
            {view === 'table' ? 'Table' : 'Cards'}
          </label>
        ))}
      </fieldset>
      <label className="sh-profile__range">
        Speech speed: {speed.toFixed(1)}×
        <input
          type="range"
          min={0.5}
          max={2}
          step={0.1}
          defaultValue={speed}
          onChange={(e) => void save({ speech: { speed: Number(e.target.value) } })}
        />
      </label>
      {profile.learnedLanguages.map((code) => {
        const voices = VOICES[code as keyof typeof VOICES] ?? [];
        const chosen = s.speech?.voices?.[code] ?? DEFAULT_VOICES[code as keyof typeof DEFAULT_VOICES];
        return (
          <label key={code} className="sh-profile__select">
            {languageName(code)} voice
            <select value={chosen} onChange={(e) => void save({ speech: { voices: { [code]: e.target.value } } })}>
              {voices.map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                  {id === DEFAULT_VOICES[code as keyof typeof DEFAULT_VOICES] ? ' (default)' : ''}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      <Switch
        label="Play words aloud when I open them"
        checked={s.speech?.autoplay ?? false}
        onCheckedChange={(autoplay) => void save({ speech: { autoplay } })}
      />
      <Switch
        label="Play flashcards aloud"
        checked={s.flashcards?.autoplay ?? false}
        onCheckedChange={(autoplay) => void save({ flashcards: { autoplay } })}
      />
      <Switch
        label="Show the translation side of flashcards first"
        checked={s.flashcards?.showTranslationFirst ?? false}
        onCheckedChange={(showTranslationFirst) => void save({ flashcards: { showTranslationFirst } })}
      />
      <Switch
        label="Make a flashcard when I mark a word Uncertain"
        checked={s.flashcards?.uncertainMakesCard ?? true}
        onCheckedChange={(uncertainMakesCard) => void save({ flashcards: { uncertainMakesCard } })}
      />
      <fieldset className="sh-profile__fieldset" aria-describedby="profile-mark-family-note">
        <legend>Mark the whole family</legend>
        {MARK_FAMILY_CHOICES.map((choice) => (
          <label key={choice} className="sh-profile__radio">
            <input
              type="radio"
              name="mark-family"
              checked={(s.words?.markFamily ?? MARK_FAMILY_DEFAULT) === choice}
              onChange={() => void save({ words: { markFamily: choice } })}
            />
            {MARK_FAMILY_LABELS[choice]}
          </label>
        ))}
      </fieldset>
      <p id="profile-mark-family-note" className="sh-profile__meta">
        When you mark a word in the reader, its other forms on the page (“ging” and “gegangen” of “gehen”) can take the same status.
      </p>
      <p>
        Translations come from offline dictionaries, with a word-by-word gloss for sentences. Whoever runs this Verba server can add AI
        translation in context by pointing it at any OpenAI-compatible server, a local one included (Ollama, llama.cpp): set{' '}
        <code>OPENAI_BASE_URL</code> and <code>OPENAI_MODEL</code>, and <code>OPENAI_API_KEY</code> if the server needs a key.
      </p>
    </Section>
  );
}

function Password({ hasPassword }: { hasPassword: boolean }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const changePassword = useChangePassword();
  const busy = changePassword.isPending;
  if (!hasPassword) {
    return (
      <Section title="Password">
        <p>{MESSAGES.changePassword.notEmailPasswordUser}.</p>
      </Section>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    if (!current || !next) return setError(MESSAGES.form.required);
    try {
      setDone((await changePassword.mutateAsync({ body: { currentPassword: current, newPassword: next } })).message);
      setCurrent('');
      setNext('');
    } catch (err) {
      setError(errorText(err, MESSAGES.changePassword.error));
    }
  };
  return (
    <Section title="Password">
      <form onSubmit={(e) => void submit(e)} noValidate className="sh-profile__password">
        {error ? (
          <p className="sh-form-error" role="alert">
            {error}
          </p>
        ) : null}
        {done ? <p role="status">{done}</p> : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <PasswordInput label="New password" autoComplete="new-password" required value={next} onChange={(e) => setNext(e.target.value)} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Please wait…' : 'Change password'}
        </Button>
      </form>
    </Section>
  );
}

function DeleteAccount({ onLeaving }: { onLeaving: (leaving: boolean) => void }) {
  const deleteAccount = useDeleteAccount();
  const confirm = async () => {
    onLeaving(true);
    try {
      await deleteAccount.mutateAsync({});
      session.signedOut();
      navigate(PATHS.signIn, { replace: true });
      toast({ title: 'Your account and its data are deleted.', variant: 'info' });
    } catch (err) {
      onLeaving(false);
      toast({ title: (err as Error).message, variant: 'destructive' });
    }
  };
  return (
    <Section title="Delete account">
      <p>Deleting your account erases your email, name, dictionary, flashcards and progress. This cannot be undone.</p>
      <AlertDialog
        trigger={<Button variant="danger">Delete my account</Button>}
        title="Delete your account?"
        description="Your email, name, words, flashcards and progress are erased for good. You will be signed out."
        confirmLabel="Delete my account"
        destructive
        onConfirm={() => void confirm()}
      />
    </Section>
  );
}
