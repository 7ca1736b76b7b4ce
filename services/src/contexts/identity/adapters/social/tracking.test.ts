import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../platform/logger';
import { MetaConversionsTracking } from './tracking';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('Meta Conversions API adapter', () => {
  const event = {
    eventName: 'CompleteRegistration' as const,
    eventId: 'CompleteRegistration-u1',
    userId: 'u1',
    email: ' Ada@Example.org ',
    at: new Date('2026-03-01T10:00:00Z'),
    sourceUrl: 'https://verba.app/app/onboarding',
  };

  it('posts the event with hashed personal data to the pixel', async () => {
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string) });
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    const logs: string[] = [];
    const log = createLogger('info', 'test', { write: (l: string) => void logs.push(l) });
    await new MetaConversionsTracking({ pixelId: '123', accessToken: 'meta-token-xyz', log, fetch: fake }).record(event);
    expect(calls[0]!.url).toBe('https://graph.facebook.com/v19.0/123/events');
    expect(calls[0]!.body).toEqual({
      access_token: 'meta-token-xyz',
      data: [
        {
          event_name: 'CompleteRegistration',
          event_time: 1772359200,
          event_id: 'CompleteRegistration-u1',
          action_source: 'website',
          event_source_url: 'https://verba.app/app/onboarding',
          user_data: { external_id: [sha256('u1')], em: [sha256('ada@example.org')] },
        },
      ],
    });
    expect(JSON.stringify(calls)).not.toContain('Ada@');
  });

  it('logs a refusal by status, never with the access token', async () => {
    const logs: string[] = [];
    const log = createLogger('info', 'test', { write: (l: string) => void logs.push(l) });
    const refusing = (async () =>
      new Response('{"error":{"message":"bad token meta-token-xyz"}}', { status: 400 })) as unknown as typeof fetch;
    await new MetaConversionsTracking({ pixelId: '123', accessToken: 'meta-token-xyz', log, fetch: refusing }).record(event);
    expect(logs.join('')).toContain('"status":400');
    expect(logs.join('')).not.toContain('meta-token-xyz');
  });
});
