import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { SubscriptionSchema } from '../domain/subscriptions';
import { RoleSchema, UserViewSchema } from './identity';
import { PositionSchema, defineRoute, pageFields, pageQuery } from './route';

/** The people half of the admin area (spec §2 /app/admin/users, §4 admin user actions, §6 roles). */

export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  ownerOnly: 'Only an Owner can make or unmake admins',
  lastOwner: 'There must always be at least one Owner',
  deleteSelf: 'Delete your own account from your profile page',
  disableSelf: 'You cannot disable your own account',
  ownerOnlyDisable: 'Only an Owner can disable or enable an admin',
  ownerOnlyDelete: 'Only an Owner can delete an admin or an Owner',
  ownerDisable: 'The owner cannot be disabled',
  paidSubscription: 'This user pays for Master: a paid subscription ends in the billing portal, not here',
  badRange: 'The first sign-up date must be on or before the last',
  sort: 'Sort by newest, oldest, role or lastActive',
} as const;

export const ADMIN_USERS_PAGE_SIZE = 20;

/**
 * Orders of the users list: by sign-up (newest or oldest first), by role (Owners, then Admins, then users), or the
 * most recently active first. Not by name or email: those are encrypted per user, so the database cannot order them.
 */
export const ADMIN_USER_SORTS = ['newest', 'oldest', 'role', 'lastActive'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

const Day = z.iso.date({ message: 'Dates are written YYYY-MM-DD' });
const userParams = z.object({ userId: z.uuid({ error: ADMIN_USER_MESSAGES.notFound }) });
const positionOnly = z.object({ position: PositionSchema.optional() });

export const AdminUserRowSchema = UserViewSchema.pick({
  uid: true,
  name: true,
  email: true,
  role: true,
  subscription: true,
  learnedLanguages: true,
  creationDateStamp: true,
}).extend({
  username: z.string().nullable(),
  disabled: z.boolean(),
  /** Master through a Stripe subscription that is paying (or in a trial or retrying). */
  paidSubscription: z.boolean(),
  /** Master granted by an admin (shown as "Manual grant", also next to a paid one). */
  manualGrant: z.boolean(),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

export const AdminUserDetailSchema = AdminUserRowSchema.extend({
  currentLearningLanguage: LearningLanguageSchema.nullable(),
  languageLevels: UserViewSchema.shape.languageLevels,
  emailVerified: z.boolean(),
  /** Per language: the last day the account recorded reading time (identity's own record). */
  lastActivity: z.partialRecord(LearningLanguageSchema, z.iso.datetime({ offset: true })),
  /** Seconds spent per language. */
  timeSpent: z.partialRecord(LearningLanguageSchema, z.number().int()),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminUserSearchSchema = z
  .object({
    /** Words of a name or username (each a prefix of one), or a whole email address. */
    q: z.string().trim().max(254).optional(),
    role: RoleSchema.optional(),
    subscription: SubscriptionSchema.optional(),
    language: LearningLanguageSchema.optional(),
    signedUpFrom: Day.optional(),
    signedUpTo: Day.optional(),
    sort: z.enum(ADMIN_USER_SORTS, { message: ADMIN_USER_MESSAGES.sort }).default('newest'),
    ...pageQuery(ADMIN_USERS_PAGE_SIZE),
    minPosition: PositionSchema.optional(),
  })
  .refine((s) => !s.signedUpFrom || !s.signedUpTo || s.signedUpFrom <= s.signedUpTo, {
    message: ADMIN_USER_MESSAGES.badRange,
    path: ['signedUpTo'],
  });
export type AdminUserSearch = z.output<typeof AdminUserSearchSchema>;

export const adminListUsers = defineRoute({
  method: 'GET',
  path: '/api/admin/users',
  access: 'admin',
  summary: 'Search users (admin): by name, username or email, with filters, sorted (newest sign-up first unless asked), a page at a time',
  description:
    'An email address is matched whole (through its keyed hash); other words each match the start of a word of the name or ' +
    'the username (through a blind index of keyed hashes, erased with the account). Filters combine with AND.',
  query: AdminUserSearchSchema,
  response: z.object({ users: z.array(AdminUserRowSchema), ...pageFields }),
});

export const adminGetUser = defineRoute({
  method: 'GET',
  path: '/api/admin/users/:userId',
  access: 'admin',
  summary: "One user's account as admins see it (admin); their activity is at /api/admin/analytics/users?userId=",
  params: userParams,
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: AdminUserDetailSchema,
  errors: { 404: ADMIN_USER_MESSAGES.notFound },
});

export const adminSetRole = defineRoute({
  method: 'PATCH',
  path: '/api/admin/users/:userId/role',
  access: 'admin',
  summary: "Change a user's role (Owner only: every change makes or unmakes an admin)",
  params: userParams,
  body: z.object({ role: RoleSchema }),
  response: positionOnly,
  errors: { 403: ADMIN_USER_MESSAGES.ownerOnly, 404: ADMIN_USER_MESSAGES.notFound, 409: ADMIN_USER_MESSAGES.lastOwner },
});

export const adminSetDisabled = defineRoute({
  method: 'PATCH',
  path: '/api/admin/users/:userId/disabled',
  access: 'admin',
  summary: 'Disable or enable an account (admin; admins only by an Owner); a disabled user is signed out and cannot sign in',
  params: userParams,
  body: z.object({ disabled: z.boolean() }),
  response: positionOnly,
  errors: { 403: `${ADMIN_USER_MESSAGES.disableSelf}; ${ADMIN_USER_MESSAGES.ownerOnlyDisable}`, 404: ADMIN_USER_MESSAGES.notFound },
});

export const adminSetSubscription = defineRoute({
  method: 'PATCH',
  path: '/api/admin/users/:userId/subscription',
  access: 'admin',
  summary: 'Grant Master by hand, or take a manual grant back (admin); a paid subscription is left to Stripe',
  params: userParams,
  body: z.object({ subscription: SubscriptionSchema }),
  response: positionOnly,
  errors: { 404: ADMIN_USER_MESSAGES.notFound, 409: ADMIN_USER_MESSAGES.paidSubscription },
});

export const adminDeleteUser = defineRoute({
  method: 'DELETE',
  path: '/api/admin/users/:userId',
  access: 'admin',
  summary: "Delete an account (admin): the same erasure as the user's own deletion; admins and Owners only by an Owner",
  params: userParams,
  response: positionOnly,
  errors: {
    403: `${ADMIN_USER_MESSAGES.ownerOnly}; ${ADMIN_USER_MESSAGES.deleteSelf}`,
    404: ADMIN_USER_MESSAGES.notFound,
    409: ADMIN_USER_MESSAGES.lastOwner,
  },
});

export const adminUserRoutes = { adminListUsers, adminGetUser, adminSetRole, adminSetDisabled, adminSetSubscription, adminDeleteUser };
