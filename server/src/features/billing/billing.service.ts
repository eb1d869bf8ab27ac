import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import {
  PLAN_INCLUDES,
  PLANS,
  TRIAL_DAYS,
  TRIAL_NOTICE_DAYS,
  type BillingStatusDto,
  type Locale,
  type Plan,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Company } from '../companies/company.model';
import { ownCompanyId, seatsTaken, transact } from '../companies/membership';
import type { Mailer } from '../mail/mailer';
import type { User } from '../users/user.model';
import { paymentFailedMail, trialEndingMail } from './billing-mails';
import type { PaymentProvider, ProviderEvent } from './payment-provider';

const DAY_MS = 24 * 3600_000;

export interface BillingDeps {
  models: Models;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  publicUrl: () => string;
  /** undefined: card payment is not set up (checkout and portal answer BILLING_NOT_CONFIGURED). */
  provider: PaymentProvider | undefined;
}

/**
 * Plans and payments: the owner's plan page (status, trial, checkout,
 * portal), the provider's webhooks (subscription created, renewed,
 * cancelled, payment failed) and the trial job (end notice at least a month
 * ahead, then back to Starter). A team's `plan` and `maxEmployee` always say
 * what it may use now; PlanGate and the seat check read them.
 */
export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  private get models() {
    return this.deps.models;
  }

  /** The caller's team, when they are its OWNER (the first account of the contract, spec §10). */
  private async ownedCompany(user: User): Promise<Company> {
    const id = ownCompanyId(user);
    if (user.employeeRole !== 'OWNER') throw new AppError('FORBIDDEN');
    const company = await this.models.Company.findByPk(id);
    if (!company) throw new AppError('TEAM_NOT_FOUND');
    return company;
  }

  async status(user: User): Promise<BillingStatusDto> {
    return this.dto(await this.ownedCompany(user));
  }

  private async dto(company: Company): Promise<BillingStatusDto> {
    const { members } = await seatsTaken(this.models, company.id);
    return {
      companyId: company.id,
      plan: company.plan,
      maxEmployee: company.maxEmployee,
      seatsTaken: members,
      features: [...PLAN_INCLUDES[company.plan as Plan]],
      trialEndsAt: company.trialEndsAt?.toISOString() ?? null,
      trialAvailable: company.trialEndsAt === null && company.subscriptionStatus === null && company.plan === 'starter',
      subscriptionStatus: company.subscriptionStatus ?? null,
      currentPeriodEnd: company.currentPeriodEnd?.toISOString() ?? null,
      paymentsEnabled: this.deps.provider !== undefined,
      hasCustomer: company.billingCustomerId !== null,
    };
  }

  /** The free Business trial, once per team, for TRIAL_DAYS. */
  async startTrial(user: User): Promise<BillingStatusDto> {
    const owned = await this.ownedCompany(user);
    const company = await transact(this.models, async (transaction) => {
      const c = await this.models.Company.findByPk(owned.id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!c || c.trialEndsAt !== null || c.subscriptionStatus !== null || c.plan !== 'starter')
        throw new AppError('TRIAL_NOT_AVAILABLE');
      const ends = new Date(this.deps.clock.now().getTime() + TRIAL_DAYS * DAY_MS);
      return c.update({ ...planColumns('business'), trialEndsAt: ends }, { transaction });
    });
    this.deps.logger.info({ companyId: company.id, until: company.trialEndsAt }, 'trial started');
    return this.dto(company);
  }

  private get provider(): PaymentProvider {
    if (!this.deps.provider) throw new AppError('BILLING_NOT_CONFIGURED');
    return this.deps.provider;
  }

  /** A checkout page for Business, one seat per member (at least one); the owner's browser goes there. */
  async checkout(user: User, locale: Locale): Promise<{ url: string }> {
    const company = await this.ownedCompany(user);
    const provider = this.provider;
    if (company.subscriptionStatus === 'active' || company.subscriptionStatus === 'past_due')
      return this.portal(user, locale);
    const { members } = await seatsTaken(this.models, company.id);
    const base = `${this.deps.publicUrl()}/plan`;
    const session = await provider.createCheckout({
      companyId: company.id,
      customerId: company.billingCustomerId,
      email: user.email,
      quantity: Math.max(1, members),
      successUrl: `${base}?checkout=success`,
      cancelUrl: `${base}?checkout=cancelled`,
      locale,
    });
    this.deps.logger.info({ companyId: company.id, session: session.id }, 'checkout opened');
    return { url: session.url };
  }

  /** The provider's customer portal (card, invoices, cancellation). */
  async portal(user: User, locale: Locale): Promise<{ url: string }> {
    const company = await this.ownedCompany(user);
    const provider = this.provider;
    if (!company.billingCustomerId) throw new AppError('BILLING_NO_CUSTOMER');
    return provider.createPortal({
      customerId: company.billingCustomerId,
      returnUrl: `${this.deps.publicUrl()}/plan`,
      locale,
    });
  }

  /** A verified webhook: applied once (a redelivered event id is skipped). Answers whether it changed a team. */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
    const event = this.provider.parseWebhook(rawBody, signature);
    if (event.kind === 'ignored') return false;
    return transact(this.models, async (transaction) => {
      const company = await this.companyOf(event, transaction);
      if (!company) {
        this.deps.logger.warn({ event: event.id, type: event.type }, 'billing event for no known team');
        return false;
      }
      try {
        await this.models.BillingEvent.create(
          { id: event.id, type: event.type, companyId: company.id },
          { transaction },
        );
      } catch (error) {
        if (error instanceof UniqueConstraintError) return false;
        throw error;
      }
      await company.update(this.changes(company, event), { transaction });
      this.deps.logger.info({ companyId: company.id, event: event.id, kind: event.kind }, 'billing event applied');
      if (event.kind === 'payment.failed') transaction.afterCommit(() => void this.mailOwner(company, 'failed'));
      return true;
    });
  }

  private async companyOf(event: ProviderEvent, transaction: Transaction): Promise<Company | null> {
    if (event.companyId) {
      const company = await this.models.Company.findByPk(event.companyId, { transaction });
      // a known customer must be the team's own: an event cannot move a subscription to another team
      if (company && (!company.billingCustomerId || company.billingCustomerId === event.customerId)) return company;
      return null;
    }
    if (!event.customerId) return null;
    return this.models.Company.findOne({ where: { billingCustomerId: event.customerId }, transaction });
  }

  private changes(company: Company, event: ProviderEvent): Partial<Company> {
    const ids = {
      ...(event.customerId ? { billingCustomerId: event.customerId } : {}),
      ...(event.subscriptionId ? { billingSubscriptionId: event.subscriptionId } : {}),
    };
    switch (event.kind) {
      case 'checkout.completed':
      case 'subscription.created':
        return {
          ...ids,
          ...planColumns('business'),
          subscriptionStatus: 'active',
          ...(event.periodEnd ? { currentPeriodEnd: event.periodEnd } : {}),
        };
      case 'subscription.renewed':
        return {
          ...ids,
          ...planColumns('business'),
          subscriptionStatus: 'active',
          ...(event.periodEnd ? { currentPeriodEnd: event.periodEnd } : {}),
        };
      case 'payment.failed':
        // the provider retries the card; the team keeps Business until the subscription is cancelled
        return { ...ids, subscriptionStatus: 'past_due' };
      case 'subscription.cancelled': {
        const trialLeft = company.trialEndsAt !== null && company.trialEndsAt > this.deps.clock.now();
        return { subscriptionStatus: 'cancelled', ...(trialLeft ? {} : planColumns('starter')) };
      }
      default:
        return {};
    }
  }

  /**
   * The trial job: mails each owner whose trial ends within TRIAL_NOTICE_DAYS
   * (at least a month ahead, spec §10), and puts teams whose trial ended
   * without a subscription back on Starter. Answers what it did.
   */
  async sweep(now = this.deps.clock.now()): Promise<{ notices: number; ended: number }> {
    const paying = { [Op.or]: [{ subscriptionStatus: null }, { subscriptionStatus: 'cancelled' }] };
    const due = await this.models.Company.findAll({
      where: {
        trialNoticeSentAt: null,
        trialEndsAt: { [Op.gt]: now, [Op.lte]: new Date(now.getTime() + TRIAL_NOTICE_DAYS * DAY_MS) },
        ...paying,
      },
    });
    let notices = 0;
    for (const company of due) {
      const [claimed] = await this.models.Company.update(
        { trialNoticeSentAt: now },
        { where: { id: company.id, trialNoticeSentAt: null } },
      );
      if (claimed === 0) continue; // another instance sent it
      await this.mailOwner(company, 'trial');
      notices += 1;
    }
    const [ended] = await this.models.Company.update(planColumns('starter'), {
      where: { plan: 'business', trialEndsAt: { [Op.lte]: now }, ...paying },
    });
    if (notices || ended) this.deps.logger.info({ notices, ended }, 'trial job');
    return { notices, ended };
  }

  private async mailOwner(company: Company, what: 'trial' | 'failed'): Promise<void> {
    const owner = company.ownerId ? await this.models.User.findByPk(company.ownerId) : null;
    if (!owner) return;
    const url = `${this.deps.publicUrl()}/plan`;
    const mail =
      what === 'trial'
        ? trialEndingMail(owner.locale, owner.name, company.name, company.trialEndsAt!, url)
        : paymentFailedMail(owner.locale, owner.name, company.name, url);
    await this.deps.mailer
      .send({ to: owner.email, ...mail, link: url })
      .catch((err: unknown) => this.deps.logger.error({ err, companyId: company.id }, 'billing mail not sent'));
  }

  private timer: NodeJS.Timeout | undefined;
  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.sweep().catch((err: unknown) => this.deps.logger.error({ err }, 'trial job failed'));
    }, intervalMs);
    this.timer.unref();
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

/** The columns that follow a plan: the plan and its member limit. */
const planColumns = (plan: Plan) => ({ plan, maxEmployee: PLANS[plan].maxEmployee });
