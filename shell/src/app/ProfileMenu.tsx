import * as Menu from '@radix-ui/react-dropdown-menu';
import { isAdmin, navigate, type SessionUser } from '@verba/kit';
import { signOut } from '../auth/auth-api';
import { PATHS } from '../routing/paths';

/** Header.tsx mounts it on the first use of its stand-in button, open (`defaultOpen`). */
export function ProfileMenu({ user, defaultOpen = false }: { user: SessionUser; defaultOpen?: boolean }) {
  const initial = (user.name || user.email).charAt(0).toUpperCase();
  return (
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
          <Menu.Item className="sh-menu__item" onSelect={() => void signOut()}>
            Sign out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
