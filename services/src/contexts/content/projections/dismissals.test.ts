import { afterAll, describe, it } from 'vitest';
import { closeSpecDatabase, projectionSpec } from '../../../platform/projections/projection-spec';
import { UserDeleted } from '../../identity/published';
import { AnnouncementDeleted, AnnouncementDismissed } from '../events';
import { dismissalsProjection } from './dismissals';

const ann = 'a0000000-0000-4000-8000-000000000001';
const other = 'a0000000-0000-4000-8000-000000000002';
const ana = 'b0000000-0000-4000-8000-000000000001';
const ben = 'b0000000-0000-4000-8000-000000000002';
const at = '2026-03-01T10:00:00.000Z';
const dismissed = (userId: string, announcementId: string, when = at) => ({
  type: AnnouncementDismissed.type,
  data: { userId, announcementId, at: when },
});

describe('content-dismissals', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(dismissalsProjection);

  it('keeps the first dismissal of a banner by a user', async () => {
    await spec
      .given([dismissed(ana, ann)])
      .when(dismissed(ana, ann, '2026-03-02T10:00:00.000Z'))
      .then({ content_announcement_dismissals: [{ user_id: ana, announcement_id: ann, at: new Date(at) }] });
  });

  it("drops a deleted banner's dismissals and keeps the others", async () => {
    await spec
      .given([dismissed(ana, ann), dismissed(ben, ann), dismissed(ana, other)])
      .when({ type: AnnouncementDeleted.type, data: { announcementId: ann, by: ben, at } })
      .then({ content_announcement_dismissals: [{ user_id: ana, announcement_id: other, at: new Date(at) }] });
  });

  it("erases a deleted account's dismissals", async () => {
    await spec
      .given([dismissed(ana, ann), dismissed(ben, other)])
      .when({ type: UserDeleted.type, data: { userId: ana, at } })
      .then({ content_announcement_dismissals: [{ user_id: ben, announcement_id: other, at: new Date(at) }] });
  });
});
