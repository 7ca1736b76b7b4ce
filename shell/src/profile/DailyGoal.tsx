import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField, toast } from '@verba/kit';
import { DAILY_GOAL_KINDS, DAILY_GOAL_MAX, DAILY_GOAL_MIN, DAILY_GOAL_UNITS, DailyGoalSchema, type DailyGoal } from '@verba/contracts';
import { useSaveSettings, type Profile } from './profile-api';

/** A new learner's suggestion: a small goal met by a page or two of reading and a short review. */
const SUGGESTED: DailyGoal = { kind: 'reviews', amount: 20 };

/**
 * The learner's daily goal (issue 39.6): one kind (words marked, minutes read, reviews, pages read) and an
 * amount; the dashboard's streak counts the days it was met. Saved with the profile settings.
 */
export function DailyGoalForm({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const goal = profile.settings.dailyGoal ?? null;
  const saveSettings = useSaveSettings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DailyGoal>({ resolver: zodResolver(DailyGoalSchema), mode: 'onTouched', defaultValues: goal ?? SUGGESTED });

  const save = async (dailyGoal: DailyGoal | null) => {
    try {
      onSaved((await saveSettings.mutateAsync({ body: { dailyGoal } })).profile);
      if (dailyGoal) reset(dailyGoal);
      toast({ title: dailyGoal ? 'Daily goal saved' : 'Daily goal removed', variant: 'info' });
    } catch (err) {
      toast({ title: 'Your daily goal was not changed.', description: (err as Error).message, variant: 'destructive' });
    }
  };

  return (
    <form className="sh-profile__goal" onSubmit={handleSubmit((values) => save(values))} noValidate aria-label="Daily goal">
      <p id="profile-goal-note" className="sh-profile__meta">
        {goal
          ? `Your goal: ${goal.amount} ${goal.amount === 1 ? DAILY_GOAL_UNITS[goal.kind].one : DAILY_GOAL_UNITS[goal.kind].many} a day. Your streak counts the days you meet it.`
          : 'No daily goal yet: your streak counts the days you do anything at all. Set one and it counts the days you meet it.'}
      </p>
      <label className="sh-profile__select">
        What to count
        <select aria-describedby="profile-goal-note" {...register('kind')}>
          {DAILY_GOAL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DAILY_GOAL_UNITS[kind].label}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label="Amount a day"
        type="number"
        inputMode="numeric"
        min={DAILY_GOAL_MIN}
        max={DAILY_GOAL_MAX}
        step={1}
        required
        error={errors.amount?.message ?? errors.kind?.message}
        {...register('amount', { valueAsNumber: true })}
      />
      <div className="sh-profile__actions">
        <Button type="submit" disabled={isSubmitting}>
          Save goal
        </Button>
        {goal ? (
          <Button type="button" variant="ghost" disabled={isSubmitting} onClick={() => void save(null)}>
            Remove goal
          </Button>
        ) : null}
      </div>
    </form>
  );
}
