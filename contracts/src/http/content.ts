import { z } from 'zod';
import { ANNOUNCEMENT_IMAGE_URL, ANNOUNCEMENT_LINK_URL, AUDIENCES, DISMISS_BEHAVIORS } from '../domain/banners';
import { MESSAGES } from '../domain/messages';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES, SUPPORT_NAME_MAX } from '../domain/support';
import { ADMIN_PAGE_SIZE, CommandIdSchema, OkSchema, PositionSchema, defineRoute, pageFields, pageQuery } from './route';

// ---- Announcements (spec §3: id, visibleTo, content.blocks, dismissBehavior) ----

export const BLOCK_TEXT_MAX = 500;
export const MAX_BLOCKS = 10;

export const ANNOUNCEMENT_MESSAGES = { badSchedule: 'The end must be after the start', notFound: 'Announcement not found' } as const;

const blockText = z.string().trim().min(1, MESSAGES.form.required).max(BLOCK_TEXT_MAX, `Maximum ${BLOCK_TEXT_MAX} letters are allowed`);

/** Content blocks in the editor.js shape ({ type, data }); rendered as text, never as HTML. */
export const ContentBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('paragraph'), data: z.object({ text: blockText }) }),
    z.object({ type: z.literal('header'), data: z.object({ text: blockText }) }),
    z.object({
      type: z.literal('link'),
      data: z.object({
        text: blockText,
        url: z.string().trim().regex(ANNOUNCEMENT_LINK_URL, 'A link must be an http(s) URL or a path of this site'),
      }),
    }),
    z.object({
      type: z.literal('image'),
      data: z.object({
        // Only the image manager's own URLs: content-addressed bytes this site serves, never a foreign address.
        url: z.string().trim().regex(ANNOUNCEMENT_IMAGE_URL, 'Choose an image from the image manager'),
        alt: z.string().trim().max(200, 'Maximum 200 letters are allowed').default(''),
      }),
    }),
  ],
  { error: 'A block is a paragraph, a header, a link or an image' },
);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

export const AudienceSchema = z.enum(AUDIENCES, { error: `visibleTo must be one of: ${AUDIENCES.join(', ')}` });
export const DismissBehaviorSchema = z.enum(DISMISS_BEHAVIORS, {
  error: `dismissBehavior must be one of: ${DISMISS_BEHAVIORS.join(', ')}`,
});

const AnnouncementFields = z.object({
  visibleTo: AudienceSchema,
  content: z.object({
    blocks: z
      .array(ContentBlockSchema)
      .min(1, 'An announcement needs at least one content block')
      .max(MAX_BLOCKS, `An announcement has at most ${MAX_BLOCKS} content blocks`),
  }),
  dismissBehavior: DismissBehaviorSchema,
  /** Inactive announcements are kept for admins but shown to nobody. */
  active: z.boolean().default(true),
  /** The schedule (ISO times): shown from the start (now when none) until the end (no end when none). */
  startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
const inOrder = (a: { startsAt: string | null; endsAt: string | null }) =>
  !a.startsAt || !a.endsAt || Date.parse(a.startsAt) < Date.parse(a.endsAt);
const scheduleError = { message: ANNOUNCEMENT_MESSAGES.badSchedule, path: ['endsAt'] };
export const AnnouncementInputSchema = AnnouncementFields.refine(inOrder, scheduleError);
export type AnnouncementInput = z.infer<typeof AnnouncementInputSchema>;

export const AnnouncementSchema = z.object({
  id: z.uuid(),
  visibleTo: AudienceSchema,
  content: z.object({ blocks: z.array(ContentBlockSchema) }),
  dismissBehavior: DismissBehaviorSchema,
  active: z.boolean(),
  /** Epoch ms, or null: no start (shown at once) / no end. */
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

const announcementList = z.object({ announcements: z.array(AnnouncementSchema) });
const idParams = z.object({ id: z.uuid({ error: ANNOUNCEMENT_MESSAGES.notFound }) });
const positionOnly = z.object({ position: PositionSchema.optional() });

export const listAnnouncements = defineRoute({
  method: 'GET',
  path: '/api/announcements',
  access: 'user',
  summary: "Active announcements for the caller's groups (all, their subscription, admin)",
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: announcementList,
});

export const dismissAnnouncement = defineRoute({
  method: 'PUT',
  path: '/api/announcements/:announcementId/dismissal',
  access: 'user',
  summary: "Dismiss a banner for good on the caller's account: the list leaves it out in every browser (a persistent dismissal)",
  params: z.object({ announcementId: z.uuid({ error: ANNOUNCEMENT_MESSAGES.notFound }) }),
  body: z.object({ commandId: CommandIdSchema.optional() }),
  response: positionOnly,
  errors: { 404: ANNOUNCEMENT_MESSAGES.notFound },
});

export const adminListAnnouncements = defineRoute({
  method: 'GET',
  path: '/api/admin/announcements',
  access: 'admin',
  summary: 'Every announcement, active or not, newest first, a page at a time',
  query: z.object({ ...pageQuery(ADMIN_PAGE_SIZE), minPosition: PositionSchema.optional() }),
  response: announcementList.extend(pageFields),
});

export const adminGetAnnouncement = defineRoute({
  method: 'GET',
  path: '/api/admin/announcements/:id',
  access: 'admin',
  summary: 'One announcement, active or not (for its editor)',
  params: idParams,
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: AnnouncementSchema,
  errors: { 404: ANNOUNCEMENT_MESSAGES.notFound },
});

export const adminCreateAnnouncement = defineRoute({
  method: 'POST',
  path: '/api/admin/announcements',
  access: 'admin',
  summary: 'Create an announcement banner',
  body: AnnouncementFields.extend({ commandId: CommandIdSchema.optional() }).refine(inOrder, scheduleError),
  response: z.object({ id: z.uuid(), position: PositionSchema.optional() }),
  status: 201,
});

export const adminUpdateAnnouncement = defineRoute({
  method: 'PUT',
  path: '/api/admin/announcements/:id',
  access: 'admin',
  summary: 'Replace an announcement',
  params: idParams,
  body: AnnouncementInputSchema,
  response: positionOnly,
});

export const adminDeleteAnnouncement = defineRoute({
  method: 'DELETE',
  path: '/api/admin/announcements/:id',
  access: 'admin',
  summary: 'Delete an announcement',
  params: idParams,
  response: positionOnly,
});

// ---- Email marketing proxy (spec §7 /api/brevo) and the support form ----

const requiredText = (required: string) => z.string({ error: required }).trim().min(1, required);

export const SupportMessageSchema = z.object({
  name: requiredText(SUPPORT_MESSAGES.nameRequired).max(SUPPORT_NAME_MAX, SUPPORT_MESSAGES.nameTooLong),
  email: requiredText(SUPPORT_MESSAGES.emailRequired)
    .max(254, MESSAGES.registration.invalidEmail)
    .pipe(z.email({ error: MESSAGES.registration.invalidEmail })),
  message: requiredText(SUPPORT_MESSAGES.messageRequired).max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.messageTooLong),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const MarketingContactSchema = z.object({
  email: z.string(),
  name: z.string().optional(),
  emailBlacklisted: z.boolean(),
});

const contactName = z.string().trim().min(1, 'Name is required').max(80, 'Maximum 80 letters are allowed');
const contactEmail = z
  .string()
  .trim()
  .max(254, MESSAGES.registration.invalidEmail)
  .pipe(z.email({ error: MESSAGES.registration.invalidEmail }));

export const brevoCreateUser = defineRoute({
  method: 'POST',
  path: '/api/brevo/create-user',
  access: 'user',
  summary: 'Add the caller to the mailing list (their own contact, keyed by their user id)',
  body: z.object({ email: contactEmail, name: contactName.optional() }),
  response: OkSchema,
});

export const brevoUpdateUser = defineRoute({
  method: 'PUT',
  path: '/api/brevo/update-user',
  access: 'user',
  summary: "Update the caller's mailing-list contact",
  body: z
    .object({ email: contactEmail.optional(), name: contactName.optional() })
    .refine((b) => b.email !== undefined || b.name !== undefined, 'Nothing to update'),
  response: OkSchema,
});

export const brevoGetUser = defineRoute({
  method: 'GET',
  path: '/api/brevo/get-user',
  access: 'user',
  summary: "The caller's mailing-list contact, or null when they are not on the list",
  response: z.object({ contact: MarketingContactSchema.nullable() }),
});

export const brevoUpdateBlacklist = defineRoute({
  method: 'PATCH',
  path: '/api/brevo/update-blacklist',
  access: 'user',
  summary: 'Unsubscribe the caller from marketing emails (or subscribe again)',
  body: z.object({ emailBlacklisted: z.boolean({ error: 'emailBlacklisted must be true or false' }) }),
  response: OkSchema,
});

export const brevoDeleteUser = defineRoute({
  method: 'DELETE',
  path: '/api/brevo/delete-user',
  access: 'user',
  summary: "Remove the caller's mailing-list contact",
  response: OkSchema,
});

export const sendSupportUser = defineRoute({
  method: 'POST',
  path: '/api/brevo/send-support-user',
  access: 'public',
  summary: 'Confirm to the sender that their support message arrived',
  body: SupportMessageSchema,
  response: OkSchema,
});

export const sendSupportAdmin = defineRoute({
  method: 'POST',
  path: '/api/brevo/send-support-admin',
  access: 'public',
  summary: 'Forward a support message to the support team',
  body: SupportMessageSchema,
  response: OkSchema,
});

export const BrevoCallSchema = z.object({
  at: z.number().int(),
  operation: z.string(),
  request: z.record(z.string(), z.unknown()),
});

export const adminBrevoCalls = defineRoute({
  method: 'GET',
  path: '/api/admin/brevo/calls',
  access: 'admin',
  summary: 'Calls the local email adapter recorded (newest first); empty when the real Brevo is used',
  response: z.object({ adapter: z.enum(['local', 'brevo']), calls: z.array(BrevoCallSchema) }),
});

export const contentRoutes = {
  listAnnouncements,
  dismissAnnouncement,
  adminListAnnouncements,
  adminGetAnnouncement,
  adminCreateAnnouncement,
  adminUpdateAnnouncement,
  adminDeleteAnnouncement,
  brevoCreateUser,
  brevoUpdateUser,
  brevoGetUser,
  brevoUpdateBlacklist,
  brevoDeleteUser,
  sendSupportUser,
  sendSupportAdmin,
  adminBrevoCalls,
};
