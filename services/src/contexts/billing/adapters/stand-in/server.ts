import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import qs from 'qs';
import type { Logger } from '../../../../platform/logger';
import { memoryObjects, type ObjectStore } from './objects';
import { PAGE_POLICY, checkoutPage, notFoundPage, portalPage } from './pages';
import { signatureHeader } from './signature';
import { CLOCK_ID, StandInError, StandInStripe } from './stripe-state';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Stripe's JSON
type Req = FastifyRequest<{ Params: Record<string, string>; Querystring: Obj; Body: Obj }>;

export interface StandInOptions {
  objects?: ObjectStore;
  /** Sends one signed event to the app's webhook endpoint; answers the HTTP status. Unset: events are not sent. */
  deliver?: (payload: string, signature: string) => Promise<number>;
  /** Test-only: lets anyone who reaches the stand-in move its clock (POST /v1/test_helpers/test_clocks/clock_standin/advance). */
  testClock?: boolean;
  /** Pauses between delivery attempts of a refused event, like Stripe's retries (shortened). */
  retryDelaysMs?: readonly number[];
  log?: Pick<Logger, 'warn'>;
}

export interface StandIn {
  /** Where the SDK and browsers reach it, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  apiKey: string;
  webhookSecret: string;
  stripe: StandInStripe;
  /** Resolves once every event so far was delivered (or given up on). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const list = (items: Obj[], q: Obj, url: string) => {
  let data = items;
  if (q.starting_after) data = data.slice(data.findIndex((o) => o.id === q.starting_after) + 1);
  const limit = Math.min(100, Math.max(1, Number(q.limit ?? 10) || 10));
  return { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A local Stripe for the embedded default and tests: the endpoints Verba's adapter calls (through the
 * official SDK's host/port options), a hosted Checkout page with a test card, a customer portal, and
 * webhooks signed exactly as Stripe signs them. Listens on 127.0.0.1 only.
 */
export async function startStripeStandIn(o: StandInOptions = {}): Promise<StandIn> {
  const apiKey = `sk_test_standin_${randomBytes(18).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const delays = o.retryDelaysMs ?? [500, 1000, 2000, 4000, 8000];
  const queue: Obj[] = [];
  let draining: Promise<void> | undefined;
  let closed = false;

  async function send(event: Obj): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; ; attempt++) {
      // Signed with the real time, as Stripe does even on a test clock: the receiver checks its tolerance.
      const status = await o.deliver!(payload, signatureHeader(payload, webhookSecret, Math.floor(Date.now() / 1000))).catch(() => 0);
      if ((status >= 200 && status < 300) || closed) return;
      if (attempt >= delays.length) {
        o.log?.warn({ stripeEvent: event.id, type: event.type, status }, 'stand-in: webhook refused on every attempt, giving up');
        return;
      }
      await sleep(delays[attempt]!);
    }
  }
  const emit = (event: Obj) => {
    if (!o.deliver) return;
    queue.push(event);
    draining ??= (async () => {
      while (queue.length) await send(queue.shift()!);
    })().finally(() => (draining = undefined));
  };

  const stripe = new StandInStripe(o.objects ?? memoryObjects(), emit);
  await stripe.load();
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const app = Fastify({ logger: false, routerOptions: { querystringParser: (s) => qs.parse(s, { depth: 5, arrayLimit: 100 }) as Obj } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, qs.parse(body as string, { depth: 5, arrayLimit: 100 })),
  );
  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof StandInError)
      return reply.code(error.status).send({ error: { type: 'invalid_request_error', message: error.message, param: error.param } });
    return reply.code(500).send({ error: { type: 'api_error', message: 'The stand-in failed.' } });
  });
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.url.startsWith('/v1/')) return;
    if (o.testClock && req.url.startsWith(`/v1/test_helpers/test_clocks/${CLOCK_ID}`)) return;
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return reply.code(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
  });
  // Stripe answers a repeated idempotency key with the first answer.
  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers['idempotency-key'];
    const seen = typeof key === 'string' ? idempotent.get(`${req.url}#${key}`) : undefined;
    if (seen) return reply.code(seen.status).send(seen.body);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string' && req.method === 'POST' && reply.statusCode < 500) {
      idempotent.set(`${req.url}#${key}`, { status: reply.statusCode, body: typeof payload === 'string' ? JSON.parse(payload) : payload });
    }
    return payload;
  });

  const found = (o: Obj | undefined, id: string): Obj => {
    if (!o) throw new StandInError(404, `No such object: '${id}'`, 'id');
    return o;
  };
  let base = '';

  app.get('/v1/prices', async (req: Req) => {
    const keys = ([] as string[]).concat(req.query.lookup_keys ?? []);
    const prices = stripe
      .all('price')
      .filter(
        (p) => (!keys.length || keys.includes(p.lookup_key)) && (req.query.active === undefined || String(p.active) === req.query.active),
      );
    return list(prices, req.query, '/v1/prices');
  });
  app.post('/v1/customers', async (req: Req) => stripe.createCustomer(req.body ?? {}));
  app.get('/v1/customers/:id', async (req: Req) => found(stripe.get(req.params.id!, 'customer'), req.params.id!));
  app.post('/v1/checkout/sessions', async (req: Req) => stripe.createCheckoutSession(req.body ?? {}, base));
  app.get('/v1/checkout/sessions/:id', async (req: Req) => found(stripe.get(req.params.id!, 'checkout.session'), req.params.id!));
  app.post('/v1/billing_portal/sessions', async (req: Req) => stripe.createPortalSession(req.body ?? {}, base));
  app.get('/v1/subscriptions', async (req: Req) => {
    const status = req.query.status ?? 'active';
    const subs = stripe
      .all('subscription')
      .filter((s) => (status === 'all' ? true : req.query.status ? s.status === status : s.status !== 'canceled'))
      .filter((s) => !req.query.customer || s.customer === req.query.customer);
    return list(subs, req.query, '/v1/subscriptions');
  });
  app.get('/v1/subscriptions/:id', async (req: Req) => found(stripe.get(req.params.id!, 'subscription'), req.params.id!));
  app.post('/v1/subscriptions/:id', async (req: Req) => {
    found(stripe.get(req.params.id!, 'subscription'), req.params.id!);
    if (req.body?.cancel_at_period_end === undefined)
      throw new StandInError(400, 'The stand-in only updates cancel_at_period_end.', 'cancel_at_period_end');
    return stripe.setCancelAtPeriodEnd(req.params.id!, req.body.cancel_at_period_end === 'true');
  });
  app.get('/v1/invoices', async (req: Req) =>
    list(
      stripe.all('invoice').filter((i) => !req.query.customer || i.customer === req.query.customer),
      req.query,
      '/v1/invoices',
    ),
  );
  if (o.testClock) {
    app.post(`/v1/test_helpers/test_clocks/${CLOCK_ID}/advance`, async (req: Req) => {
      const frozen = Number(req.body?.frozen_time);
      if (!Number.isInteger(frozen)) throw new StandInError(400, 'frozen_time must be a unix timestamp.', 'frozen_time');
      return stripe.advanceClock(frozen);
    });
  }

  // The hosted pages a browser is sent to.
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).header('content-security-policy', PAGE_POLICY).type('text/html').send(body);
  const sessionPage = (req: Req, reply: FastifyReply, error?: string) => {
    const session = stripe.get(req.params.id!, 'checkout.session');
    if (!session || session.status !== 'open') return html(reply, notFoundPage(), 404);
    return html(reply, checkoutPage(session, stripe.get(session.line_items.data[0].price, 'price')!, error), error ? 402 : 200);
  };
  app.get('/checkout/:id', async (req: Req, reply) => sessionPage(req, reply));
  app.post('/checkout/:id', async (req: Req, reply) => {
    const result = await stripe.pay(req.params.id!, String(req.body?.card ?? ''));
    return result.ok ? reply.redirect(result.redirect, 303) : sessionPage(req, reply, result.message);
  });
  const portal = (req: Req) => stripe.get(req.params.id!, 'billing_portal.session');
  app.get('/portal/:id', async (req: Req, reply) => {
    const session = portal(req);
    if (!session) return html(reply, notFoundPage(), 404);
    const mine = (x: Obj) => x.customer === session.customer;
    return html(reply, portalPage(session, stripe.all('subscription').filter(mine), stripe.all('invoice').filter(mine)));
  });
  for (const [action, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.post(`/portal/:id/${action}`, async (req: Req, reply) => {
      const session = portal(req);
      const sub = stripe.get(String(req.body?.subscription), 'subscription');
      if (!session || !sub || sub.customer !== session.customer) return html(reply, notFoundPage(), 404);
      await stripe.setCancelAtPeriodEnd(sub.id, cancel);
      return reply.redirect(`/portal/${session.id}`, 303);
    });
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    apiKey,
    webhookSecret,
    stripe,
    async idle() {
      while (draining) await draining;
    },
    async close() {
      closed = true;
      queue.length = 0;
      await app.close();
    },
  };
}
