import type { Locale } from '@tsudoi/common';

/** What a checkout is for: one team's Business subscription, one seat per member. */
export interface CheckoutRequest {
  companyId: number;
  /** The team's customer at the provider when it has one (else the owner's e-mail opens a new one). */
  customerId: string | null;
  email: string;
  quantity: number;
  successUrl: string;
  cancelUrl: string;
  locale: Locale;
}

export interface PortalRequest {
  customerId: string;
  returnUrl: string;
  locale: Locale;
}

/**
 * A provider event reduced to what billing acts on (spec §10: monthly
 * contracts that renew automatically, no refunds). `ignored` events are
 * acknowledged and skipped.
 */
export type ProviderEventKind =
  | 'checkout.completed'
  | 'subscription.created'
  | 'subscription.renewed'
  | 'subscription.cancelled'
  | 'payment.failed'
  | 'ignored';

export interface ProviderEvent {
  /** The provider's event id: an event applied once is skipped when delivered again. */
  id: string;
  kind: ProviderEventKind;
  /** The provider's own type name (logged). */
  type: string;
  /** The team named in the event's metadata or reference, when it names one. */
  companyId: number | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** The end of the paid period the event tells of (renewals). */
  periodEnd: Date | null;
}

/**
 * A card payment provider (spec §10: payment goes through a card payment
 * provider, which never sees floor content). The Stripe adapter is the one
 * in use; another provider implements the same three calls.
 */
export interface PaymentProvider {
  readonly name: string;
  /** A hosted checkout page for the Business subscription; the browser is sent to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The provider's customer portal (card, invoices, cancellation). */
  createPortal(request: PortalRequest): Promise<{ url: string }>;
  /** Verifies a webhook's signature over its raw body and reads it; throws BILLING_WEBHOOK_INVALID. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
