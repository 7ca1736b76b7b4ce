import { Button, useSession } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { ADMIN_USER_MESSAGES, type AdminUserRow } from '@verba/contracts/http';
import { useDeleteUser, useSetDisabled, useSetRole, useSetSubscription } from '../api/users';

/** Free, Master, and why Master: a paid subscription, an admin's manual grant, or both. */
export function subscriptionLabel(u: Pick<AdminUserRow, 'subscription' | 'paidSubscription' | 'manualGrant'>): string {
  if (u.subscription === 'free') return 'Free';
  const why = [u.paidSubscription ? 'Paid' : null, u.manualGrant ? 'Manual grant' : null].filter(Boolean).join(' + ');
  return why ? `Master · ${why}` : 'Master';
}

/**
 * Why the server would refuse to disable or delete this account for the viewer (identity's account decider):
 * the Owner is never disabled, and only an Owner acts on an admin's or an Owner's account. Undefined: allowed.
 */
export function refusals(role: AdminUserRow['role'], viewerIsOwner: boolean): { cannotDisable?: string; cannotDelete?: string } {
  if (role === 'User' || (viewerIsOwner && role === 'Admin')) return {};
  if (role === 'Owner')
    return {
      cannotDisable: ADMIN_USER_MESSAGES.ownerDisable,
      ...(viewerIsOwner ? {} : { cannotDelete: ADMIN_USER_MESSAGES.ownerOnlyDelete }),
    };
  return { cannotDisable: ADMIN_USER_MESSAGES.ownerOnlyDisable, cannotDelete: ADMIN_USER_MESSAGES.ownerOnlyDelete };
}

/** A user's four actions (role, subscription, disable, delete), each confirmed in an alert dialog. */
export function UserActions({ user, onDeleted }: { user: AdminUserRow; onDeleted?: () => void }) {
  const { user: me } = useSession();
  const setRole = useSetRole();
  const setSubscription = useSetSubscription();
  const setDisabled = useSetDisabled();
  const remove = useDeleteUser(onDeleted);
  const params = { userId: user.uid };
  const isSelf = me?.uid === user.uid;
  const isOwner = me?.role === 'Owner';
  const who = user.name || user.email;
  const { cannotDisable, cannotDelete } = refusals(user.role, isOwner);
  return (
    <div className="ad-actions">
      {user.role !== 'Owner' ? (
        <AlertDialog
          trigger={
            <Button
              size="sm"
              variant="secondary"
              disabled={!isOwner}
              title={isOwner ? undefined : ADMIN_USER_MESSAGES.ownerOnly}
              aria-label={`${user.role === 'Admin' ? 'Remove admin role of' : 'Make admin:'} ${who}`}
            >
              {user.role === 'Admin' ? 'Remove admin' : 'Make admin'}
            </Button>
          }
          title={user.role === 'Admin' ? `Make ${who} a user again?` : `Make ${who} an admin?`}
          description={
            user.role === 'Admin'
              ? 'They lose access to the admin area at once.'
              : 'Admins can open every admin page and change content and accounts.'
          }
          confirmLabel={user.role === 'Admin' ? 'Remove admin' : 'Make admin'}
          onConfirm={() => setRole.mutate({ params, body: { role: user.role === 'Admin' ? 'User' : 'Admin' } })}
        />
      ) : null}
      <AlertDialog
        trigger={
          <Button size="sm" variant="secondary" aria-label={`${user.manualGrant ? 'Take back Master from' : 'Grant Master to'} ${who}`}>
            {user.manualGrant ? 'Take back Master' : 'Grant Master'}
          </Button>
        }
        title={user.manualGrant ? `Take back Master from ${who}?` : `Grant Master to ${who}?`}
        description={
          user.manualGrant
            ? user.paidSubscription
              ? 'Only the manual grant ends: their paid subscription keeps them Master.'
              : 'They are back on Free at once: premium articles and unlimited speech end.'
            : 'A manual grant: they are Master at once, without paying, until you take it back.'
        }
        confirmLabel={user.manualGrant ? 'Take back Master' : 'Grant Master'}
        onConfirm={() => setSubscription.mutate({ params, body: { subscription: user.manualGrant ? 'free' : 'master' } })}
      />
      {!isSelf ? (
        <AlertDialog
          trigger={
            <Button
              size="sm"
              variant="secondary"
              disabled={!!cannotDisable}
              title={cannotDisable}
              aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${who}`}
            >
              {user.disabled ? 'Enable' : 'Disable'}
            </Button>
          }
          title={user.disabled ? `Enable ${who}?` : `Disable ${who}?`}
          description={user.disabled ? 'They can sign in again.' : 'They are signed out everywhere and cannot sign in until enabled.'}
          confirmLabel={user.disabled ? 'Enable account' : 'Disable account'}
          destructive={!user.disabled}
          onConfirm={() => setDisabled.mutate({ params, body: { disabled: !user.disabled } })}
        />
      ) : null}
      {!isSelf ? (
        <AlertDialog
          trigger={
            <Button size="sm" variant="danger" disabled={!!cannotDelete} title={cannotDelete} aria-label={`Delete ${who}`}>
              Delete
            </Button>
          }
          title={`Delete ${who}'s account?`}
          description="Their account and personal data are erased, as if they deleted it themselves. This cannot be undone."
          confirmLabel="Delete account"
          destructive
          onConfirm={() => remove.mutate({ params })}
        />
      ) : null}
    </div>
  );
}
