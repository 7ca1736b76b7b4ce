// zod/mini, as in auth/schemas.ts: mirrors the contract's SupportMessageSchema; the server re-checks.
import * as z from 'zod/mini';
import { MESSAGES, SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES, SUPPORT_NAME_MAX } from '@verba/contracts';

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const contactSchema = z.object({
  name: required(SUPPORT_MESSAGES.nameRequired).check(z.maxLength(SUPPORT_NAME_MAX, SUPPORT_MESSAGES.nameTooLong)),
  email: required(SUPPORT_MESSAGES.emailRequired).check(
    z.maxLength(254, MESSAGES.registration.invalidEmail),
    z.refine((v: string) => z.safeParse(z.email(), v).success, MESSAGES.registration.invalidEmail),
  ),
  message: required(SUPPORT_MESSAGES.messageRequired).check(z.maxLength(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES.messageTooLong)),
});
export type ContactValues = z.infer<typeof contactSchema>;
