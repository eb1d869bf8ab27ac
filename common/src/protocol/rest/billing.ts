import { z } from 'zod';
import { safeDisplayText, safeMultilineText } from '../safe-text';
import { CONTACT_LIMITS, PLAN_FEATURES } from '../../domain/plans';
import { PLANS, type Plan } from '../../domain/accounts';

const planSchema = z.enum(Object.keys(PLANS) as [Plan, ...Plan[]]);

/** A subscription as the payment provider reports it (null: never subscribed). */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /billing: the caller's team plan, seats, trial and subscription (owners and admins). */
export const billingStatusSchema = z.object({
  companyId: z.number().int(),
  plan: planSchema,
  maxEmployee: z.number().int(),
  seatsTaken: z.number().int(),
  features: z.array(z.enum(PLAN_FEATURES)),
  /** The trial's end (ISO), null when no trial ran. */
  trialEndsAt: z.string().nullable(),
  /** Whether a trial may still be started (once per team). */
  trialAvailable: z.boolean(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  /** The end of the current monthly period (ISO): the renewal date. */
  currentPeriodEnd: z.string().nullable(),
  /** Whether card payment is set up on this server (checkout and portal work). */
  paymentsEnabled: z.boolean(),
  /** Whether the team has a customer at the provider (the portal can open). */
  hasCustomer: z.boolean(),
});
export type BillingStatusDto = z.infer<typeof billingStatusSchema>;

/** POST /billing/checkout and /billing/portal: where the browser goes next (the provider's page). */
export const billingRedirectSchema = z.object({ url: z.string() });
export type BillingRedirectDto = z.infer<typeof billingRedirectSchema>;

/** A missing field reads as empty, so its message names the field (spec §5); the one safe-text rule. */
const text = (max: number, required: string, tooLong: string, lines = false) =>
  z.preprocess(
    (v) => v ?? '',
    (lines ? safeMultilineText : safeDisplayText)({ max, required, tooLong, invalidType: required }),
  );

/** POST /contact (calls spec §7.10 "contact: create"; product spec §5). */
export const contactSchema = z.object({
  name: text(CONTACT_LIMITS.name, 'contactNameRequired', 'contactTooLong'),
  company: text(CONTACT_LIMITS.company, 'contactCompanyRequired', 'contactTooLong'),
  email: z.preprocess(
    (v) => v ?? '',
    z
      .string('contactEmailRequired')
      .trim()
      .min(1, 'contactEmailRequired')
      .max(CONTACT_LIMITS.email, 'contactTooLong')
      .pipe(z.email('email')),
  ),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, 'contactTooLong')
    .regex(/^[0-9+()\-\s]*$/, 'contactPhone')
    .optional()
    .default(''),
  inquiry: text(CONTACT_LIMITS.inquiry, 'contactInquiryRequired', 'contactInquiryTooLong', true),
});
export type ContactBody = z.input<typeof contactSchema>;
export type ContactInput = z.output<typeof contactSchema>;
