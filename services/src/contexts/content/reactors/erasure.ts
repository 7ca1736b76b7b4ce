import { readEventData } from '../../../platform/decider/events';
import type { Reactor } from '../../../platform/module';
import type { Logger } from '../../../platform/logger';
import { UserDeleted } from '../../identity/published';
import type { Brevo } from '../adapters/brevo/port';

/**
 * Erasure at the processor: when an account is deleted, its mailing-list contact (keyed by the user id)
 * is deleted at Brevo. At least once: a repeat finds no contact, which is the wanted state, so deleting
 * is its own dedupe; an unavailable Brevo throws, and the follower retries from its checkpoint.
 */
export function brevoErasureReactor(brevo: Brevo, log: Logger): Reactor {
  return {
    name: 'content-brevo-erasure',
    eventTypes: [UserDeleted.type],
    async react(event) {
      const { userId } = readEventData(UserDeleted, event);
      const existed = await brevo.deleteContact(userId);
      if (existed) log.info({ eventId: event.id }, 'deleted the mailing-list contact of an erased account');
    },
  };
}
