import { EmptyState, SectionHeader, isAdmin, useSession } from '@verba/kit';

export function AdminApp() {
  const { user } = useSession();
  // The shell already redirects non-admins; this only guards against a misconfigured host.
  if (!isAdmin(user)) return <EmptyState title="Administrators only" />;
  return (
    <main>
      <SectionHeader section="admin" title="Administration" subtitle="Users, content and settings." />
      <EmptyState title="Admin tools are coming soon">
        <p>User management and content editing are not available yet.</p>
      </EmptyState>
    </main>
  );
}
