import { describe, it } from 'vitest';
import { ADMIN_USER_MESSAGES } from '@verba/contracts';
import { deciderSpec } from '../../../../test-support/platform/decider-spec';
import { userDecider } from './account-decider';
import type { UserEvent } from '../events';

const at = '2026-11-25T10:00:00.000Z';
const userId = '0b5c3a4e-8a5e-4c56-9d0a-2f3b9f4c1a11';
const registered: UserEvent = {
  type: 'identity.UserRegistered',
  data: { userId, emailHash: 'h', email: 'e', name: 'n', at, provider: 'password' },
};
const role = (r: 'User' | 'Admin' | 'Owner'): UserEvent => ({ type: 'identity.RoleChanged', data: { role: r, by: 'seed', at } });

describe('admin powers over accounts (only an Owner makes or unmakes admins; the last Owner stays)', () => {
  const spec = deciderSpec(userDecider);
  const admin = { role: 'Admin' as const };
  const owner = { role: 'Owner' as const };

  it('lets an Owner make and unmake admins, and nobody else', () => {
    spec
      .given([registered])
      .when({ kind: 'change-role', role: 'Admin', by: 'o', actor: owner, owners: 1, at })
      .then([{ type: 'identity.RoleChanged', data: { role: 'Admin', by: 'o', at } }]);
    spec
      .given([registered])
      .when({ kind: 'change-role', role: 'Admin', by: 'a', actor: admin, owners: 1, at })
      .thenThrows(ADMIN_USER_MESSAGES.ownerOnly);
    spec
      .given([registered, role('Admin')])
      .when({ kind: 'change-role', role: 'User', by: 'a', actor: admin, owners: 1, at })
      .thenThrows(ADMIN_USER_MESSAGES.ownerOnly);
    spec
      .given([registered, role('Admin')])
      .when({ kind: 'delete', userId, actor: admin, owners: 1, at })
      .thenThrows(ADMIN_USER_MESSAGES.ownerOnlyDelete);
  });

  it('lets only an Owner disable or enable an admin, and nobody the Owner', () => {
    const disable = (disabled: boolean, actor?: { role: 'Admin' | 'Owner' }) => ({
      kind: 'set-disabled' as const,
      disabled,
      by: 'x',
      ...(actor ? { actor } : {}),
      at,
    });
    const disabled: UserEvent = { type: 'identity.AccountDisabled', data: { disabled: true, by: 'o', at } };
    spec
      .given([registered, role('Admin')])
      .when(disable(true, admin))
      .thenThrows(ADMIN_USER_MESSAGES.ownerOnlyDisable);
    spec
      .given([registered, role('Admin'), disabled])
      .when(disable(false, admin))
      .thenThrows(ADMIN_USER_MESSAGES.ownerOnlyDisable);
    spec
      .given([registered, role('Owner')])
      .when(disable(true, admin))
      .thenThrows(ADMIN_USER_MESSAGES.ownerDisable);
    spec
      .given([registered, role('Admin')])
      .when(disable(true, owner))
      .then([{ type: 'identity.AccountDisabled', data: { disabled: true, by: 'x', at } }]);
    spec
      .given([registered])
      .when(disable(true, admin))
      .then([{ type: 'identity.AccountDisabled', data: { disabled: true, by: 'x', at } }]);
  });

  it('never removes the last Owner, by a role change or a deletion', () => {
    spec
      .given([registered, role('Owner')])
      .when({ kind: 'change-role', role: 'User', by: 'o', actor: owner, owners: 1, at })
      .thenThrows(ADMIN_USER_MESSAGES.lastOwner);
    spec
      .given([registered, role('Owner')])
      .when({ kind: 'delete', userId, owners: 1, at })
      .thenThrows(ADMIN_USER_MESSAGES.lastOwner);
    spec
      .given([registered, role('Owner')])
      .when({ kind: 'delete', userId, actor: owner, owners: 2, at })
      .then([{ type: 'identity.UserDeleted', data: { userId, at } }]);
  });

  it("lets a learner delete their own account and an admin delete a learner's", () => {
    spec
      .given([registered])
      .when({ kind: 'delete', userId, owners: 1, at })
      .then([{ type: 'identity.UserDeleted', data: { userId, at } }]);
    spec
      .given([registered])
      .when({ kind: 'delete', userId, actor: admin, owners: 1, at })
      .then([{ type: 'identity.UserDeleted', data: { userId, at } }]);
  });
});
