import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * Stripe's API on loopback, for the parts billing calls (checkout and portal
 * sessions), so the real Stripe SDK runs end to end and nothing leaves the
 * machine. It keeps what it was asked and serves the "hosted" pages as a
 * plain page that says which session it is. Webhook events are signed with
 * the SDK's own test helper (signedEvent).
 */
export async function startStripeStub() {
  const calls: { path: string; params: URLSearchParams }[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base());
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const params = new URLSearchParams(body);
        calls.push({ path: url.pathname, params });
        const id = `cs_test_${++n}`;
        return json(200, { id, object: 'checkout.session', url: `${base()}/pay/${id}`, mode: 'subscription' });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        calls.push({ path: url.pathname, params: new URLSearchParams(body) });
        const id = `bps_test_${++n}`;
        return json(200, { id, object: 'billing_portal.session', url: `${base()}/portal/${id}` });
      }
      if (req.method === 'GET' && /^\/(pay|portal)\//.test(url.pathname)) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html lang="en"><title>Stripe stub</title><main><h1>Stub ${url.pathname}</h1></main></html>`,
        );
      }
      json(404, { error: { type: 'invalid_request_error', message: `stub: no ${req.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base(),
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type StripeStub = Awaited<ReturnType<typeof startStripeStub>>;

export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_tsudoi',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_tsudoi',
  STRIPE_PRICE_BUSINESS: 'price_business_monthly',
};

const sdk = new Stripe(STRIPE_TEST_ENV.STRIPE_SECRET_KEY);
let eventCount = 0;

/** A Stripe event of `type` about `object`, with its body and a Stripe-Signature made by the SDK's test helper. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  secret = STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
) {
  const id = `evt_test_${Date.now()}_${++eventCount}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return { id, payload, signature: sdk.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Posts a signed event to the server's webhook, as Stripe does. */
export async function deliver(serverUrl: string, event: { payload: string; signature: string }) {
  const res = await fetch(`${serverUrl}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The events of a Business subscription's life, as Stripe sends them. */
export const stripeEvents = {
  checkoutCompleted: (companyId: number, customer: string, subscription: string) =>
    signedEvent('checkout.session.completed', {
      id: 'cs_test_done',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: String(companyId),
      customer,
      subscription,
      metadata: { companyId: String(companyId) },
    }),
  subscriptionCreated: (companyId: number, customer: string, subscription: string, periodEnd: Date) =>
    signedEvent('customer.subscription.created', {
      id: subscription,
      object: 'subscription',
      customer,
      status: 'active',
      metadata: { companyId: String(companyId) },
      items: { data: [{ current_period_end: Math.floor(periodEnd.getTime() / 1000) }] },
    }),
  renewed: (customer: string, subscription: string, periodEnd: Date) =>
    signedEvent('invoice.paid', {
      id: 'in_test_renew',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      customer,
      parent: { subscription_details: { subscription, metadata: {} } },
      lines: { data: [{ period: { end: Math.floor(periodEnd.getTime() / 1000) } }] },
    }),
  paymentFailed: (customer: string, subscription: string) =>
    signedEvent('invoice.payment_failed', {
      id: 'in_test_failed',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      customer,
      parent: { subscription_details: { subscription, metadata: {} } },
      lines: { data: [] },
    }),
  cancelled: (customer: string, subscription: string) =>
    signedEvent('customer.subscription.deleted', {
      id: subscription,
      object: 'subscription',
      customer,
      status: 'canceled',
      metadata: {},
    }),
};
