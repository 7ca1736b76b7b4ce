import { EmptyState, Link, navigate, QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES, type LearningLanguage } from '@verba/contracts/domain';
import type { AdminUserDetail, UserAnalytics } from '@verba/contracts/http';
import { WithHistory } from '../../../components/HistoryTab';
import { ADMIN_PATHS, useSearchParam } from '../../../routing/admin-paths';
import { useAdminUser, useUserActivity } from '../api/users';
import { UserActions, subscriptionLabel } from './UserActions';
import '../users.css';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const minutes = (seconds: number) => `${Math.round(seconds / 60)} min`;

/** /app/admin/users/user?userId=: one account, its activity from the read models, and its History tab. */
export function UserDetailPage() {
  const userId = useSearchParam('userId');
  const user = useAdminUser(userId);
  if (!userId) return <EmptyState title="No user chosen">Open a user from the users list.</EmptyState>;
  return (
    <main>
      <SectionHeader section="admin" title={user.data?.name || 'User'} subtitle={user.data?.email} />
      <p>
        <Link href={ADMIN_PATHS.users}>← All users</Link>
      </p>
      {user.isPending ? <Spinner label="Loading the user…" /> : null}
      <QueryErrorNotice query={user} title="The user could not be loaded." />
      {user.data ? (
        <WithHistory entity="user" id={userId} label={`${user.data.name || 'User'}: account and history`} editLabel="Account">
          <Account user={user.data} />
          <Activity user={user.data} />
        </WithHistory>
      ) : null}
    </main>
  );
}

function Account({ user }: { user: AdminUserDetail }) {
  return (
    <section className="ad-panel" aria-labelledby="us-account">
      <h2 id="us-account">Account</h2>
      <dl className="us-facts">
        <dt>Email</dt>
        <dd>
          {user.email} {user.emailVerified ? '(verified)' : '(not verified)'}
        </dd>
        <dt>Username</dt>
        <dd>{user.username ? `@${user.username}` : '—'}</dd>
        <dt>Role</dt>
        <dd>{user.role}</dd>
        <dt>Subscription</dt>
        <dd>{subscriptionLabel(user)}</dd>
        <dt>Account</dt>
        <dd>{user.disabled ? 'Disabled' : 'Active'}</dd>
        <dt>Signed up</dt>
        <dd>{day.format(user.creationDateStamp)}</dd>
      </dl>
      <UserActions user={user} onDeleted={() => navigate(ADMIN_PATHS.users)} />
    </section>
  );
}

/** Per language: level and time from the account, words known and cards from the analytics read model. */
function Activity({ user }: { user: AdminUserDetail }) {
  const activity = useUserActivity(user.uid);
  const byLanguage = new Map<LearningLanguage, UserAnalytics>((activity.data?.users ?? []).map((row) => [row.language, row]));
  const languages = [...new Set<LearningLanguage>([...user.learnedLanguages, ...byLanguage.keys()])];
  const last = (l: LearningLanguage) => {
    const dates = [user.lastActivity[l], byLanguage.get(l)?.lastActivity].filter((d): d is string => Boolean(d)).map((d) => Date.parse(d));
    return dates.length ? day.format(Math.max(...dates)) : '—';
  };
  return (
    <section className="ad-panel ad-panel--spaced" aria-labelledby="us-activity">
      <h2 id="us-activity">Activity</h2>
      <QueryErrorNotice query={activity} title="The activity could not be loaded." />
      {languages.length === 0 ? (
        <p className="ad-muted">No language chosen yet.</p>
      ) : (
        <div className="us-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Language</th>
                <th scope="col">Level</th>
                <th scope="col">Words known</th>
                <th scope="col">Cards</th>
                <th scope="col">Time spent</th>
                <th scope="col">Last activity</th>
              </tr>
            </thead>
            <tbody>
              {languages.map((l) => (
                <tr key={l}>
                  <td>
                    {LANGUAGE_NAMES[l]}
                    {user.currentLearningLanguage === l ? ' (current)' : ''}
                  </td>
                  <td>{user.languageLevels[l] ?? '—'}</td>
                  <td>{byLanguage.get(l)?.wordsKnown ?? 0}</td>
                  <td>{byLanguage.get(l)?.cards ?? 0}</td>
                  <td>{minutes(Math.max(user.timeSpent[l] ?? 0, byLanguage.get(l)?.timeSpent ?? 0))}</td>
                  <td>{last(l)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
