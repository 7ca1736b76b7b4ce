import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../../platform/http/problem';
import { EMAIL_SERVICE_UNAVAILABLE, guardBrevo } from './guard';
import { createLocalBrevo, type LocalBrevo } from './local';
import { BrevoUnavailableError } from './port';

describe('guardBrevo', () => {
  it('turns an adapter failure into a 503 with a clear message and logs the details', async () => {
    const log = { error: vi.fn() };
    const failing: LocalBrevo = {
      ...createLocalBrevo(),
      sendEmail: async () => Promise.reject(new BrevoUnavailableError('Brevo answered 500: secret detail')),
    };
    const guarded = guardBrevo(failing, log);
    const error = await guarded.sendEmail({ to: { email: 'a@example.com' }, subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: EMAIL_SERVICE_UNAVAILABLE });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ operation: 'sendEmail' }), 'Brevo call failed');
  });

  it('passes results and other errors through, and keeps the local call log', async () => {
    const local = createLocalBrevo(() => 42);
    const guarded = guardBrevo(local, { error: vi.fn() });
    await guarded.createContact('u1', { email: 'a@example.com' });
    expect(await guarded.getContact('u1')).toEqual({ email: 'a@example.com', emailBlacklisted: false });
    expect(guarded.calls().map((c) => c.operation)).toEqual(['getContact', 'createContact']);
    const buggy: LocalBrevo = { ...local, deleteContact: async () => Promise.reject(new TypeError('bug')) };
    const broken = guardBrevo(buggy, { error: vi.fn() });
    await expect(broken.deleteContact('u1')).rejects.toThrow(TypeError);
  });
});
