import express, { Router } from 'express';
import { contactSchema, formatMessage } from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import type { BillingService } from './billing.service';
import type { ContactService } from './contact.service';

/** /billing (the owner's plan page) and /contact (the public form's JSON call). */
export function billingRoutes({
  billing,
  contact,
  guards,
}: {
  billing: BillingService;
  contact: ContactService;
  guards: Guards;
}): Router {
  const router = Router();
  router.get(
    '/billing',
    guards.verifiedUser,
    route({}, async (_input, req) => ({ data: await billing.status(accountOf(req)) })),
  );
  router.post(
    '/billing/trial',
    guards.verifiedUser,
    route({}, async (_input, req) =>
      mutation(await billing.startTrial(accountOf(req)), formatMessage(req.locale, 'plans.trial.started')),
    ),
  );
  router.post(
    '/billing/checkout',
    guards.verifiedUser,
    route({}, async (_input, req) => ({ data: await billing.checkout(accountOf(req), req.locale) })),
  );
  router.post(
    '/billing/portal',
    guards.verifiedUser,
    route({}, async (_input, req) => ({ data: await billing.portal(accountOf(req), req.locale) })),
  );
  router.post(
    '/contact',
    route({ body: contactSchema }, async ({ body }, req, res) => {
      const created = await contact.create(body, req.locale, req.ip ?? 'unknown');
      res.status(201);
      return mutation(created, formatMessage(req.locale, 'contact.sent'));
    }),
  );
  return router;
}

/**
 * The payment provider's webhook: before the API key (the provider cannot
 * send it) and with the raw body, whose signature is checked.
 */
export function billingWebhookRoutes(billing: BillingService): Router {
  const router = Router();
  router.post('/billing/webhook', express.raw({ type: '*/*', limit: '512kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const applied = await billing.webhook(body, req.get('stripe-signature'));
    res.json({ received: true, applied });
  });
  return router;
}
