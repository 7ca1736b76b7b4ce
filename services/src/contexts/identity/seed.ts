import { randomBytes } from 'node:crypto';
import type { AccountCommands } from './commands/account';

/** Demo accounts for a fresh store; passwords are random and shown once, never fixed in code. */
export async function seedDemoUsers(accounts: AccountCommands): Promise<string[]> {
  const password = () => randomBytes(12).toString('base64url');
  const learner = { email: 'learner@verba.local', password: password(), name: 'Demo Learner' };
  const admin = { email: 'admin@verba.local', password: password(), name: 'Demo Admin' };
  const owner = { email: 'owner@verba.local', password: password(), name: 'Demo Owner' };
  // Three independent accounts, made at once: each password hash takes a thread of its own.
  await Promise.all([
    (async () => {
      const registered = await accounts.register(learner);
      await accounts.confirmEmail(registered.user.uid);
      // The demo learner is ready to read: German at A2, onboarding done.
      await accounts.completeOnboarding(registered.user.uid, 'de', 'A2');
    })(),
    (async () => {
      const { user } = await accounts.register(admin);
      await accounts.confirmEmail(user.uid);
      await accounts.changeRole(user.uid, 'Admin', 'seed');
    })(),
    (async () => {
      // Only an Owner makes or unmakes admins (issue 17), so a fresh store needs one.
      const made = await accounts.register(owner);
      await accounts.confirmEmail(made.user.uid);
      await accounts.changeRole(made.user.uid, 'Owner', 'seed');
    })(),
  ]);
  return [
    '',
    'Demo accounts (shown once; they are not stored anywhere in clear):',
    `  learner  ${learner.email}  ${learner.password}`,
    `  admin    ${admin.email}  ${admin.password}`,
    `  owner    ${owner.email}  ${owner.password}`,
    '',
  ];
}
