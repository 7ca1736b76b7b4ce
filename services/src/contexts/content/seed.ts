import type { AnnouncementCommands } from './commands/announcements';

/** Fixed command id: seeding twice publishes the welcome banner once. */
const WELCOME_COMMAND_ID = '3b0f6f57-52f6-4d0c-9a55-0c1b8f3e7a10';

/** A welcome banner for the demo, so a fresh `npm start` shows what announcements look like. */
export async function seedWelcomeBanner(service: AnnouncementCommands): Promise<string[]> {
  await service.publish(
    {
      visibleTo: 'all',
      content: {
        blocks: [
          { type: 'header', data: { text: 'Welcome to Verba!' } },
          { type: 'paragraph', data: { text: 'Open an article and tap any word you do not know.' } },
          { type: 'link', data: { text: 'Go to the library', url: '/app/library' } },
        ],
      },
      dismissBehavior: 'persistent',
      active: true,
      startsAt: null,
      endsAt: null,
    },
    'system',
    WELCOME_COMMAND_ID,
  );
  return ['Demo announcement: a welcome banner for every signed-in user (dismiss it once to hide it).'];
}
