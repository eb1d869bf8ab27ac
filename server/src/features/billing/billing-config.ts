import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Billing and the public site's settings of the environment (documented in .env.example). */
export const billingEnvSchema = z.object({
  /** Stripe: the secret key, the webhook signing secret and the Business plan's monthly per-user price id. */
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_BUSINESS: optional,
  /** Where the Stripe SDK sends its calls (default api.stripe.com); tests point it at a loopback stub. */
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  /** Who receives the public contact form's inquiries (none: they are stored only). */
  OPERATOR_EMAIL: optional.pipe(z.email().optional()),
  /** Minutes between two runs of the trial job (end notices, ended trials). */
  BILLING_SWEEP_INTERVAL_MIN: z.coerce.number().int().min(1).max(1440).default(60),
});

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  businessPriceId: string;
  apiUrl: string | undefined;
}

export interface BillingConfig {
  /** undefined: card payment is off (checkout and portal answer BILLING_NOT_CONFIGURED). */
  stripe: StripeConfig | undefined;
  operatorEmail: string | undefined;
  sweepIntervalMs: number;
}

/** The billing settings; Stripe is on only when its three values are set (else an error names the missing ones). */
export function billingConfig(e: z.output<typeof billingEnvSchema>): BillingConfig | string {
  const values = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_BUSINESS: e.STRIPE_PRICE_BUSINESS,
  };
  const missing = Object.entries(values).filter(([, v]) => !v);
  if (missing.length > 0 && missing.length < 3)
    return `${missing.map(([k]) => k).join(', ')}: set all three Stripe values to enable card payment, or none`;
  return {
    stripe:
      missing.length === 0
        ? {
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            businessPriceId: e.STRIPE_PRICE_BUSINESS!,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    operatorEmail: e.OPERATOR_EMAIL,
    sweepIntervalMs: e.BILLING_SWEEP_INTERVAL_MIN * 60_000,
  };
}
