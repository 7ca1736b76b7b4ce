import { z } from 'zod';
import { AudienceSchema, ContentBlockSchema, DismissBehaviorSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

const announcementBody = {
  announcementId: z.uuid(),
  visibleTo: AudienceSchema,
  blocks: z.array(ContentBlockSchema).min(1),
  dismissBehavior: DismissBehaviorSchema,
  active: z.boolean(),
  /** The schedule; absent in events from before schedules (shown at once, no end). */
  startsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** The admin who acted (an id, not personal data). */
  by: z.uuid().or(z.string().min(1)),
  at: z.iso.datetime(),
};

/** An admin published a new announcement banner. */
export const AnnouncementPublished = defineEvent('content.AnnouncementPublished', z.object(announcementBody));

/** An admin replaced an announcement's audience, blocks, dismissal or active flag. */
export const AnnouncementRevised = defineEvent('content.AnnouncementRevised', z.object(announcementBody));

export const AnnouncementDeleted = defineEvent(
  'content.AnnouncementDeleted',
  z.object({ announcementId: z.uuid(), by: announcementBody.by, at: z.iso.datetime() }),
);

export const contentEvents = [AnnouncementPublished, AnnouncementRevised, AnnouncementDeleted] as const;
export type ContentEvent = EventOf<(typeof contentEvents)[number]>;

/** One small stream per announcement: a handful of revisions at most. */
export const announcementStream = (id: string) => `content-announcement-${id}`;

/** A learner dismissed a banner for good ("persistent"): the dismissal follows their account to every browser. */
export const AnnouncementDismissed = defineEvent(
  'content.AnnouncementDismissed',
  z.object({ announcementId: z.uuid(), userId: z.uuid(), at: z.iso.datetime() }),
);

export const dismissalEvents = [AnnouncementDismissed] as const;
export type DismissalEvent = EventOf<(typeof dismissalEvents)[number]>;

/** One stream per learner: the banners they dismissed for good. */
export const dismissalStream = (userId: string) => `content-dismissals-${userId}`;
