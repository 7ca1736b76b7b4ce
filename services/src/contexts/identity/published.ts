import { z } from 'zod';
import { defineEvent } from '../../platform/decider/events';

/**
 * Identity's events that other contexts may read (the only file of this context they may import).
 * Changing a schema here changes what every consumer parses: add a version with an upcaster instead.
 */

/** Other contexts follow this one event to erase what they hold about the user. */
export const UserDeleted = defineEvent('identity.UserDeleted', z.object({ userId: z.uuid(), at: z.iso.datetime() }));
