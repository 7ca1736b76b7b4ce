/** The contact-us form (support page): limits and messages shared by the form and the server. */
export const SUPPORT_NAME_MAX = 100;
export const SUPPORT_MESSAGE_MAX = 5000;

export const SUPPORT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name can have at most ${SUPPORT_NAME_MAX} characters.`,
  emailRequired: 'Please enter your email address.',
  messageRequired: 'Please write your message.',
  messageTooLong: `Your message can have at most ${SUPPORT_MESSAGE_MAX} characters.`,
  tooMany: 'You have sent several messages in a short time. Please wait an hour and try again.',
  sent: 'Thank you! Your message has been sent. We usually answer within two working days.',
} as const;

/**
 * Support messages an hour per IP address, per email address given in the form and per signed-in account
 * (each of the two support routes counts on its own): no inbox can be flooded from many addresses either.
 */
export const SUPPORT_RATE_LIMIT = { perIp: 5, perAddress: 5, perAccount: 5, windowMs: 60 * 60 * 1000 } as const;
