import { client } from '@verba/kit';

// Schema-free calls (client.send): these pages sit next to sign-in and must not pull the contract schemas in.
export const resendVerification = (email: string) =>
  client.send('POST', '/api/verify-email/resend', { body: { email }, expireOn401: false });
export const verifyEmail = (token: string) => client.send('POST', '/api/verify-email', { body: { token }, expireOn401: false });
export const requestPasswordReset = (email: string) => client.send('POST', '/api/reset-password', { body: { email }, expireOn401: false });
export const setNewPassword = async (token: string, password: string) =>
  (await client.send('POST', '/api/new-password', { body: { token, password }, expireOn401: false })) as { message: string };

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}
export const devMailbox = async (to: string) =>
  ((await client.send('GET', '/api/dev/mailbox', { query: { to }, expireOn401: false })) as { messages: DevMail[] }).messages;
