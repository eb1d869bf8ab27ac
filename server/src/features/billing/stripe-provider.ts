import Stripe from 'stripe';
import { AppError } from '../../http/app-error';
import type { StripeConfig } from './billing-config';
import type {
  CheckoutRequest,
  PaymentProvider,
  PortalRequest,
  ProviderEvent,
  ProviderEventKind,
} from './payment-provider';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : isRecord(v) ? str(v.id) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const at = (o: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, k) => (isRecord(v) || Array.isArray(v) ? (v as Json)[k as string] : undefined), o);

/** The team id a Stripe object carries (metadata.companyId, or the checkout's client_reference_id). */
function companyOf(object: unknown): number | null {
  const raw = str(at(object, 'metadata', 'companyId')) ?? str(at(object, 'client_reference_id'));
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  return id && id > 0 ? id : null;
}

/** A subscription's period end: on the item since API 2025-03, on the subscription before. */
function subscriptionPeriodEnd(sub: unknown): number | null {
  return num(at(sub, 'items', 'data', 0, 'current_period_end')) ?? num(at(sub, 'current_period_end'));
}

/** An invoice's subscription: under parent.subscription_details since API 2025-03, top-level before. */
function invoiceSubscription(invoice: unknown): string | null {
  return str(at(invoice, 'parent', 'subscription_details', 'subscription')) ?? str(at(invoice, 'subscription'));
}

function kindOf(type: string, object: unknown): ProviderEventKind {
  switch (type) {
    case 'checkout.session.completed':
      return at(object, 'mode') === 'subscription' ? 'checkout.completed' : 'ignored';
    case 'customer.subscription.created':
      return 'subscription.created';
    case 'customer.subscription.deleted':
      return 'subscription.cancelled';
    case 'invoice.paid':
      // the first invoice comes with the subscription; later ones are the monthly renewals
      return at(object, 'billing_reason') === 'subscription_cycle' ? 'subscription.renewed' : 'ignored';
    case 'invoice.payment_failed':
      return 'payment.failed';
    default:
      return 'ignored';
  }
}

/** Reads a verified Stripe event into a ProviderEvent (exported for unit tests). */
export function readStripeEvent(event: { id: string; type: string; data: { object: unknown } }): ProviderEvent {
  const object = event.data.object;
  const kind = kindOf(event.type, object);
  const invoice = event.type.startsWith('invoice.');
  const subscriptionId = event.type.startsWith('customer.subscription.')
    ? str(at(object, 'id'))
    : invoice
      ? invoiceSubscription(object)
      : str(at(object, 'subscription'));
  const end = invoice ? num(at(object, 'lines', 'data', 0, 'period', 'end')) : subscriptionPeriodEnd(object);
  const companyId = companyOf(object) ?? (invoice ? companyOf(at(object, 'parent', 'subscription_details')) : null);
  return {
    id: event.id,
    kind,
    type: event.type,
    companyId,
    customerId: str(at(object, 'customer')),
    subscriptionId,
    periodEnd: end === null ? null : new Date(end * 1000),
  };
}

/**
 * A call to the provider: unreachable, timed out or refusing (its own errors)
 * is PAYMENT_PROVIDER_UNAVAILABLE (503, "try again later"), never a 500.
 */
async function provider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: error });
  }
}

/** The Stripe adapter: hosted checkout, customer portal and signed webhooks through the official SDK. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      // a checkout waits for the provider at most about 2 × 8 s before it is told to try later
      timeout: 8_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const metadata = { companyId: String(request.companyId) };
    const session = await provider(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.config.businessPriceId, quantity: request.quantity }],
        client_reference_id: String(request.companyId),
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
        metadata,
        subscription_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        locale: request.locale,
      }),
    );
    if (!session.url) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    return { id: session.id, url: session.url };
  }

  async createPortal(request: PortalRequest): Promise<{ url: string }> {
    const session = await provider(() =>
      this.stripe.billingPortal.sessions.create({
        customer: request.customerId,
        return_url: request.returnUrl,
        locale: request.locale,
      }),
    );
    return { url: session.url };
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new AppError('BILLING_WEBHOOK_INVALID');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch {
      throw new AppError('BILLING_WEBHOOK_INVALID');
    }
    return readStripeEvent(event as unknown as { id: string; type: string; data: { object: unknown } });
  }
}
