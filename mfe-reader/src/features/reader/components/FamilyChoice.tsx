import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, TextField, toast } from '@verba/kit';
import { otherFormsOf, wordKey, type LearningLanguage } from '@verba/contracts';
import { useMarkMany, type WordStatus } from '../api/reader-api';
import { useFamilyCommands, useMarkFamilySetting, usePageFamilies, type Family } from '../api/family-api';
import { usePainted, type WordIndex } from '../word-index';

const STATUS_NAMES: Record<WordStatus, string> = { new: 'New', known: 'Known', uncertain: 'Uncertain', ignored: 'Ignored' };

interface Props {
  /** The selected single word's key (null for a phrase or nothing selected). */
  word: string | null;
  /** The page's words: their families, their painted statuses, and what a family mark repaints. */
  words: WordIndex | null;
  languageCode: LearningLanguage;
}

/** A mark of the selected word whose family's other forms on the page could take the same status. */
interface Offer {
  word: string;
  base: string;
  status: WordStatus;
  forms: string[];
}

/**
 * The selected word's family in the word panel (issue 38.2): "from gehen", and after the learner marks the
 * word, its family's other forms on this page take the same status too: at once ("Mark the whole family":
 * always), after a Yes (ask, the default) or never. The learner can split the word off ("Not the same word"),
 * set its base word by hand, or undo either ("Undo my choice"); their families are theirs only. A mark is
 * seen as the word's painted status changing while it is selected, so the buttons, the keys and any later
 * way of marking count.
 */
export function FamilyChoice({ word, words, languageCode }: Props) {
  usePainted(words);
  const [version, setVersion] = useState(0);
  const pageWords = useMemo(() => (words ? [...words.distinctWords()] : []), [words]);
  const families = usePageFamilies(languageCode, pageWords, version);
  const setting = useMarkFamilySetting();
  const markMany = useMarkMany(languageCode);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [editing, setEditing] = useState(false);
  const status: WordStatus = word && words ? words.markOf(word) : 'new';
  const family = word ? families.get(word) : undefined;

  /** Marks the offer's forms (one PATCH, repainted at once) and says how many. */
  const send = (o: Offer) =>
    markMany(
      words,
      o.forms.map((value) => ({ value, status: o.status })),
    ).then(
      () =>
        toast({
          title: `${o.forms.length} other ${o.forms.length === 1 ? 'form' : 'forms'} of “${o.base}” marked ${STATUS_NAMES[o.status]}`,
        }),
      (error: Error) => toast({ title: 'The other forms could not be marked.', description: error.message, variant: 'destructive' }),
    );

  // A new selection or a mark of this one, seen while rendering (React's "adjust state on a prop change"):
  // the mark's family forms are offered (ask) or queued to send (always).
  const [seen, setSeen] = useState({ word, status });
  const [queued, setQueued] = useState<Offer | null>(null);
  if (seen.word !== word || seen.status !== status) {
    setSeen({ word, status });
    const found = seen.word === word && setting !== 'never' ? familyMark(word, status, family, families, pageWords, words) : null;
    setOffer(found && setting === 'ask' ? found : null);
    if (found && setting === 'always') setQueued(found);
    if (seen.word !== word) setEditing(false);
  }
  const sent = useRef<Offer | null>(null);
  useEffect(() => {
    if (!queued || sent.current === queued) return;
    sent.current = queued;
    void send(queued);
    // Sent once per queued mark; `send` is new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queued]);

  if (!word || !family) return null;
  return (
    <div className="rd-family">
      <FamilyLine word={word} family={family} />
      {offer && offer.word === word ? (
        <div className="rd-family__offer" role="group" aria-label="Mark the family">
          <p className="rd-panel__hint">
            Mark the {offer.forms.length} other {offer.forms.length === 1 ? 'form' : 'forms'} of “{offer.base}” on this page{' '}
            {STATUS_NAMES[offer.status]} too?
          </p>
          <div className="rd-panel__actions">
            <Button
              size="sm"
              onClick={() => {
                setOffer(null);
                void send(offer);
              }}
            >
              Yes
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setOffer(null)}>
              No
            </Button>
          </div>
        </div>
      ) : null}
      {editing ? (
        <BaseWordForm
          word={word}
          languageCode={languageCode}
          onDone={(changed) => {
            setEditing(false);
            if (changed) setVersion((v) => v + 1);
          }}
        />
      ) : (
        <FamilyActions
          word={word}
          family={family}
          languageCode={languageCode}
          onEdit={() => setEditing(true)}
          onChanged={() => setVersion((v) => v + 1)}
        />
      )}
    </div>
  );
}

/** The other forms of a just-marked word's family on the page that do not have its new status yet (Ignored ones stay), or null. */
function familyMark(
  word: string | null,
  status: WordStatus,
  family: Family | undefined,
  families: ReadonlyMap<string, Family>,
  pageWords: readonly string[],
  words: WordIndex | null,
): Offer | null {
  if (!word || !words || !family || status === 'ignored') return null;
  const baseOf = (w: string) => families.get(w)?.base ?? w;
  const forms = otherFormsOf(family.base, word, pageWords, baseOf).filter((w) => {
    const painted = words.markOf(w);
    return painted !== status && painted !== 'ignored';
  });
  return forms.length ? { word, base: family.base, status, forms } : null;
}

/** Where the word belongs: "from gehen", set by the learner, or split off. */
function FamilyLine({ word, family }: { word: string; family: Family }) {
  if (family.source === 'split') return <p className="rd-panel__status">Not in a family: you split it off.</p>;
  if (family.base === word) return null;
  return (
    <p className="rd-panel__status">
      from <b>{family.base}</b>
      {family.source === 'own' ? ' (set by you)' : ''}
    </p>
  );
}

function FamilyActions(props: { word: string; family: Family; languageCode: LearningLanguage; onEdit: () => void; onChanged: () => void }) {
  const { word, family, languageCode, onEdit, onChanged } = props;
  const commands = useFamilyCommands(languageCode);
  const [busy, setBusy] = useState(false);
  const run = (command: Promise<unknown>, failed: string) => {
    setBusy(true);
    command
      .then(onChanged, (error: Error) => toast({ title: failed, description: error.message, variant: 'destructive' }))
      .finally(() => setBusy(false));
  };
  const own = family.source === 'own' || family.source === 'split';
  return (
    <div className="rd-panel__actions" role="group" aria-label="Word family">
      {family.base !== word && family.source !== 'split' ? (
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => run(commands.split(word), `“${word}” could not be split off.`)}>
          Not the same word
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" disabled={busy} onClick={onEdit}>
        Set base word…
      </Button>
      {own ? (
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => run(commands.rejoin(word), `“${word}” could not be put back.`)}>
          Undo my choice
        </Button>
      ) : null}
    </div>
  );
}

/** The learner types the word's base word; one plain field, like the own meaning's form. */
function BaseWordForm({
  word,
  languageCode,
  onDone,
}: {
  word: string;
  languageCode: LearningLanguage;
  onDone: (changed: boolean) => void;
}) {
  const { setBase } = useFamilyCommands(languageCode);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const base = wordKey(value);
    if (!base) {
      setError('Type the base word, e.g. the infinitive of a verb.');
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await setBase(word, base);
      onDone(true);
    } catch (e) {
      setError((e as Error).message || 'The base word could not be saved.');
      setSaving(false);
    }
  };
  return (
    <form className="rd-meaning-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={`Base word of “${word}”`}
        value={value}
        error={error}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="off"
        autoFocus
      />
      <div className="rd-panel__actions">
        <Button size="sm" type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save base word'}
        </Button>
        <Button size="sm" variant="ghost" type="button" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
