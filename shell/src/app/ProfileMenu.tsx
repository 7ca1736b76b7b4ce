import * as Menu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { isAdmin, navigate, type SessionUser } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { signOut } from '../auth/auth-api';
import { waitingChanges } from '../offline/worker-channel';
import { waitingText } from '../offline/queue-rules';
import { PATHS } from '../routing/paths';

/**
 * Sign-out deletes what waits offline (nobody else may send it): with changes waiting, the learner is asked
 * first, and can stay to let them reach the server when the network is back.
 */
function useGuardedSignOut() {
  const [waiting, setWaiting] = useState(0);
  const ask = () =>
    void waitingChanges().then((n) => {
      if (n > 0) setWaiting(n);
      else void signOut();
    });
  const dialog = (
    <AlertDialog
      open={waiting > 0}
      onOpenChange={(open) => (open ? undefined : setWaiting(0))}
      title="Sign out and lose your offline changes?"
      description={`${waitingText(waiting)} to reach the server. They are sent when you are back online; signing out now deletes them.`}
      cancelLabel="Stay signed in"
      confirmLabel="Sign out anyway"
      destructive
      onConfirm={() => void signOut()}
    />
  );
  return { ask, dialog };
}

/** Header.tsx mounts it on the first use of its stand-in button, open (`defaultOpen`). */
export function ProfileMenu({ user, defaultOpen = false }: { user: SessionUser; defaultOpen?: boolean }) {
  const initial = (user.name || user.email).charAt(0).toUpperCase();
  const guarded = useGuardedSignOut();
  return (
    <>
      <Menu.Root modal={false} defaultOpen={defaultOpen}>
        <Menu.Trigger className="sh-avatar" aria-label={`Account menu for ${user.name || user.email}`}>
          {initial}
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="sh-menu" align="end" sideOffset={6}>
            <Menu.Label className="sh-menu__label">{user.email}</Menu.Label>
            <Menu.Item className="sh-menu__item" onSelect={() => navigate(PATHS.profile)}>
              Profile
            </Menu.Item>
            <Menu.Item className="sh-menu__item" onSelect={() => navigate(PATHS.subscription)}>
              Subscription
            </Menu.Item>
            {isAdmin(user) ? (
              <Menu.Item className="sh-menu__item" onSelect={() => navigate(PATHS.admin)}>
                Admin
              </Menu.Item>
            ) : null}
            <Menu.Separator className="sh-menu__separator" />
            <Menu.Item className="sh-menu__item" onSelect={guarded.ask}>
              Sign out
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {guarded.dialog}
    </>
  );
}
