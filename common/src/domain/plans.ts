import { PLANS, type Plan } from './accounts';

/**
 * What each plan includes (spec §1, calls spec §9.2): Starter is free for up
 * to 5 users; Business (about 20 USD / 2,500 yen per user per month, up to 25
 * users) adds recording, AI transcript and summaries, timecard and shifts.
 * The server checks a feature with requirePlanFeature (server/src/features/plans).
 */
export const PLAN_FEATURES = ['recording', 'transcript', 'attendance'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export const PLAN_INCLUDES: Record<Plan, readonly PlanFeature[]> = {
  starter: [],
  business: PLAN_FEATURES,
};

/** The Business list price per user and month, as the landing copy says it. */
export const BUSINESS_PRICE = { en: { amount: 20, currency: 'USD' }, ja: { amount: 2500, currency: 'JPY' } } as const;

/** The free trial (spec §10: its end is told at least one month ahead). */
export const TRIAL_DAYS = 60;
export const TRIAL_NOTICE_DAYS = 31;

export const planIncludes = (plan: Plan, feature: PlanFeature): boolean => PLAN_INCLUDES[plan].includes(feature);
export const planSeats = (plan: Plan): number => PLANS[plan].maxEmployee;

/** Contact form limits (spec §5: name, company or individual, e-mail and inquiry required; phone optional). */
export const CONTACT_LIMITS = { name: 100, company: 100, email: 254, phone: 30, inquiry: 4000 } as const;
