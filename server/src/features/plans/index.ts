import type { RequestHandler } from 'express';
import { formatMessage, planIncludes, type Locale, type PlanFeature } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Company } from '../companies/company.model';
import { accountOf } from '../auth/guards';

/**
 * Plan checks for every feature that is Business only (recording, AI
 * transcript and summaries, timecard and shifts; spec §1, calls spec §9.2).
 *
 * Other features call `plans.requirePlanFeature(companyId, feature, locale?)`
 * before they act, or put `plans.route(feature)` in front of a route: a team
 * on Starter (or no team) gets 403 PLAN_FEATURE_REQUIRED and nothing changes.
 * The member limit is checked where seats are taken (companies/membership.ts,
 * company.maxEmployee, which billing keeps in step with the plan).
 */
export class PlanGate {
  constructor(private readonly models: Models) {}

  /**
   * The team when its current plan includes `feature`; else 403 PLAN_FEATURE_REQUIRED (404 TEAM_NOT_FOUND:
   * no team). `owner`: the caller can upgrade, and the refusal says where.
   */
  async requirePlanFeature(
    companyId: number | null | undefined,
    feature: PlanFeature,
    locale?: Locale,
    owner = false,
  ): Promise<Company> {
    const company = companyId ? await this.models.Company.findByPk(companyId) : null;
    if (!company) throw new AppError('TEAM_NOT_FOUND');
    if (!planIncludes(company.plan, feature)) throw planFeatureError(feature, locale, owner);
    return company;
  }

  /** Express guard (after an auth guard): the caller's team must have `feature`. */
  route(feature: PlanFeature): RequestHandler {
    return async (req, _res, next) => {
      const user = accountOf(req);
      // the owner is the one who can upgrade: told where, not to ask themselves
      await this.requirePlanFeature(user.employmentCompanyId, feature, req.locale, user.employeeRole === 'OWNER');
      next();
    };
  }
}

/** The refusal, with the feature's name in the caller's language when it is known; `owner`: says where to upgrade. */
export function planFeatureError(feature: PlanFeature, locale?: Locale, owner = false): AppError {
  const name = (l: Locale) => formatMessage(l, `plans.feature.${feature}`);
  const id = owner ? 'errors.PLAN_FEATURE_REQUIRED_OWNER' : 'errors.PLAN_FEATURE_REQUIRED';
  return locale
    ? new AppError('PLAN_FEATURE_REQUIRED', { message: formatMessage(locale, id, { feature: name(locale) }) })
    : new AppError('PLAN_FEATURE_REQUIRED', { values: { feature: name('en') } });
}
