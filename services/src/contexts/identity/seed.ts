import { randomBytes } from 'node:crypto';
import type { IdentityService } from './service';

/** Demo accounts for a fresh store; passwords are random and shown once, never fixed in code. */
export async function seedDemoUsers(service: IdentityService): Promise<string[]> {
  const password = () => randomBytes(12).toString('base64url');
  const learner = { email: 'learner@verba.local', password: password(), name: 'Demo Learner' };
  const admin = { email: 'admin@verba.local', password: password(), name: 'Demo Admin' };
  const registered = await service.register(learner);
  await service.confirmEmail(registered.user.uid);
  // The demo learner is ready to read: German at A2, onboarding done.
  await service.completeOnboarding(registered.user.uid, 'de', 'A2');
  const { user } = await service.register(admin);
  await service.confirmEmail(user.uid);
  await service.changeRole(user.uid, 'Admin', 'seed');
  return [
    '',
    'Demo accounts (shown once; they are not stored anywhere in clear):',
    `  learner  ${learner.email}  ${learner.password}`,
    `  admin    ${admin.email}  ${admin.password}`,
    '',
  ];
}
