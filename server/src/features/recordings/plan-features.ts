/** What a plan unlocks that recording asks for (spec §9.2: recording, AI transcript and meeting summaries). */
export type PlanFeature = 'recording';
/**
 * The one plan check of recording, `requirePlanFeature(companyId, 'recording')`:
 * the plans feature's `PlanGate.requirePlanFeature` (features/plans), given in
 * by features/index.ts. A team without the feature is PLAN_FEATURE_UNAVAILABLE.
 */
export type RequirePlanFeature = (companyId: number | null, feature: PlanFeature) => Promise<void>;
