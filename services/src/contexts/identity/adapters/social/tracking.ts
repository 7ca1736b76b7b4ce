import { createHash } from 'node:crypto';
import type { Logger } from '../../../../platform/logger';

/** One conversion event for Meta (only ever built after the user gave analytics consent). */
export interface TrackingEvent {
  eventName: 'CompleteRegistration';
  /** Stable per user and event, so Meta counts a repeated post once. */
  eventId: string;
  userId: string;
  email?: string;
  at: Date;
  sourceUrl?: string;
  clientIp?: string;
  userAgent?: string;
}

/** Port for the tracking sink: the Meta Conversions API, or a local recorder that makes it work offline. */
export interface TrackingPort {
  record(event: TrackingEvent): Promise<void>;
}

/** Keeps the calls in memory (bounded): the embedded default and tests. */
export class LocalTracking implements TrackingPort {
  readonly recorded: TrackingEvent[] = [];
  async record(event: TrackingEvent): Promise<void> {
    if (this.recorded.length >= 1000) this.recorded.shift();
    this.recorded.push(event);
  }
}

const sha256 = (s: string) => createHash('sha256').update(s.trim().toLowerCase()).digest('hex');

/**
 * Meta Conversions API over HTTP. Meta wants personal data hashed (SHA-256 of the normalized value).
 * The access token goes in the request only; failures are logged by status, never with the token.
 */
export class MetaConversionsTracking implements TrackingPort {
  constructor(private readonly o: { pixelId: string; accessToken: string; log: Logger; fetch?: typeof fetch; endpoint?: string }) {}

  async record(event: TrackingEvent): Promise<void> {
    const endpoint = this.o.endpoint ?? 'https://graph.facebook.com/v19.0';
    const body = {
      data: [
        {
          event_name: event.eventName,
          event_time: Math.floor(event.at.getTime() / 1000),
          event_id: event.eventId,
          action_source: 'website',
          ...(event.sourceUrl ? { event_source_url: event.sourceUrl } : {}),
          user_data: {
            external_id: [sha256(event.userId)],
            ...(event.email ? { em: [sha256(event.email)] } : {}),
            ...(event.clientIp ? { client_ip_address: event.clientIp } : {}),
            ...(event.userAgent ? { client_user_agent: event.userAgent } : {}),
          },
        },
      ],
    };
    const url = `${endpoint}/${encodeURIComponent(this.o.pixelId)}/events`;
    const res = await (this.o.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, access_token: this.o.accessToken }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) this.o.log.warn({ status: res.status }, 'Meta Conversions API refused an event');
  }
}
