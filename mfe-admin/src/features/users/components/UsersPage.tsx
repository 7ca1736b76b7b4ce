import { useState, type FormEvent } from 'react';
import { Button, EmptyState, Link, Pager, QueryErrorNotice, SectionHeader, Spinner, TextField } from '@verba/kit';
import { LANGUAGE_NAMES, LEARNING_LANGUAGES } from '@verba/contracts/domain';
import { ADMIN_USERS_PAGE_SIZE, ADMIN_USER_SORTS, type AdminUserRow } from '@verba/contracts/http';
import { Select } from '../../../components/Select';
import { ADMIN_PATHS, withQuery } from '../../../routing/admin-paths';
import { useUserSearch, type UserFilters } from '../api/users';
import { UserActions, subscriptionLabel } from './UserActions';
import '../users.css';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const SORT_LABELS = {
  newest: 'Newest sign-up first',
  oldest: 'Oldest sign-up first',
  role: 'Role (Owners first)',
  lastActive: 'Recently active first',
} as const;
const options = <T extends string>(pairs: readonly (readonly [T, string])[]) => pairs.map(([value, label]) => ({ value, label }));

/** /app/admin/users: server-side search and filters, a page at a time, each user's actions behind a confirmation. */
export function UsersPage() {
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<UserFilters>({ page: 1 });
  const users = useUserSearch(filters);
  const set = (change: UserFilters) => setFilters((f) => ({ ...f, ...change, page: change.page ?? 1 }));
  const submit = (e: FormEvent) => (e.preventDefault(), set({ q: text.trim() || undefined }));
  const page = filters.page ?? 1;
  return (
    <main>
      <SectionHeader
        section="admin"
        title="Users"
        subtitle="Find people by name, username or whole email address; change their role, subscription or account."
      />
      <form role="search" aria-label="Users" className="ad-panel ad-toolbar us-filters" onSubmit={submit}>
        <TextField label="Name, username or email" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit">Search</Button>
        <Select
          label="Role"
          any="Any"
          value={filters.role ?? ''}
          onChange={(role) => set({ role: role || undefined })}
          options={options([
            ['User', 'User'],
            ['Admin', 'Admin'],
            ['Owner', 'Owner'],
          ] as const)}
        />
        <Select
          label="Subscription"
          any="Any"
          value={filters.subscription ?? ''}
          onChange={(s) => set({ subscription: s || undefined })}
          options={options([
            ['free', 'Free'],
            ['master', 'Master'],
          ] as const)}
        />
        <Select
          label="Language"
          any="Any"
          value={filters.language ?? ''}
          onChange={(l) => set({ language: l || undefined })}
          options={LEARNING_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        />
        <TextField
          label="Signed up from"
          type="date"
          value={filters.signedUpFrom ?? ''}
          onChange={(e) => set({ signedUpFrom: e.target.value || undefined })}
        />
        <TextField
          label="Signed up until"
          type="date"
          value={filters.signedUpTo ?? ''}
          onChange={(e) => set({ signedUpTo: e.target.value || undefined })}
        />
        <Select
          label="Sort by"
          value={filters.sort ?? 'newest'}
          onChange={(sort) => set({ sort: sort === 'newest' ? undefined : sort || undefined })}
          options={ADMIN_USER_SORTS.map((v) => ({ value: v, label: SORT_LABELS[v] }))}
        />
      </form>
      <section className="ad-panel ad-panel--spaced" aria-label="Users found">
        {users.isPending ? <Spinner label="Loading users…" /> : null}
        <QueryErrorNotice query={users} title="The users could not be loaded." />
        {users.data ? (
          <p className="ad-muted" role="status">
            {users.data.total === 1 ? '1 user' : `${users.data.total} users`}
          </p>
        ) : null}
        {users.data?.users.length === 0 ? (
          <EmptyState title="No user matches">Try fewer filters, or the whole email address.</EmptyState>
        ) : null}
        {users.data?.users.length ? <UsersTable users={users.data.users} /> : null}
        {users.data ? (
          <Pager page={page} total={users.data.total} pageSize={ADMIN_USERS_PAGE_SIZE} onPage={(p) => set({ page: p })} />
        ) : null}
      </section>
    </main>
  );
}

function UsersTable({ users }: { users: AdminUserRow[] }) {
  return (
    <div className="us-table">
      <table>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Role</th>
            <th scope="col">Subscription</th>
            <th scope="col">Languages</th>
            <th scope="col">Signed up</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.uid}>
              <td>
                <Link href={withQuery(ADMIN_PATHS.userDetail, { userId: u.uid })} className="ad-row__title">
                  {u.name || '(no name)'}
                </Link>
                <div className="ad-muted">{u.email}</div>
                {u.username ? <div className="ad-muted">@{u.username}</div> : null}
                {u.disabled ? <span className="ad-badge">Disabled</span> : null}
              </td>
              <td>{u.role}</td>
              <td>
                <span className={u.subscription === 'master' ? 'ad-badge ad-badge--premium' : 'ad-badge'}>{subscriptionLabel(u)}</span>
              </td>
              <td>{u.learnedLanguages.map((l) => LANGUAGE_NAMES[l]).join(', ') || '—'}</td>
              <td>{day.format(u.creationDateStamp)}</td>
              <td>
                <UserActions user={u} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
