import type { Config } from '../../config';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Guards } from '../auth/guards';
import type { Mailer } from '../mail/mailer';
import { BillingService } from './billing.service';
import { billingRoutes, billingWebhookRoutes } from './billing.routes';
import { ContactService } from './contact.service';
import { StripeProvider } from './stripe-provider';

export { BillingService } from './billing.service';
export { ContactService } from './contact.service';
export type { PaymentProvider, ProviderEvent } from './payment-provider';

/** Plans and payments (Stripe when configured) and the contact form's store and mail. */
export function createBilling(deps: {
  config: Config;
  models: Models;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  guards: Guards;
  publicUrl: () => string;
}) {
  const { stripe, operatorEmail } = deps.config.billing;
  const provider = stripe ? new StripeProvider(stripe) : undefined;
  const billing = new BillingService({ ...deps, provider });
  const contact = new ContactService({ ...deps, operatorEmail, adminKey: deps.config.adminKey });
  return {
    billing,
    contact,
    router: billingRoutes({ billing, contact, guards: deps.guards }),
    webhook: billingWebhookRoutes(billing),
  };
}
