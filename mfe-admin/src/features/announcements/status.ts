import { announcementStatus, type AnnouncementStatus } from '@verba/contracts/domain';
import type { Announcement } from '@verba/contracts/http';

export const STATUS_LABELS: Record<AnnouncementStatus, string> = {
  inactive: 'Switched off',
  scheduled: 'Scheduled',
  active: 'Active',
  ended: 'Ended',
};

export const statusOf = (a: Announcement, now = Date.now()) => announcementStatus(a, now);

/** The first text of the banner, to name it in lists and dialogs. */
export function titleOf(a: Pick<Announcement, 'content'>): string {
  for (const b of a.content.blocks) if (b.type !== 'image') return b.data.text;
  return 'Image announcement';
}
