import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useSearchParams } from 'react-router';
import { BUSINESS_PRICE, PLAN_FEATURES, type MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { selectLocale } from '@tsudoi/ui/i18n';
import { Button, useDocumentTitle } from '@tsudoi/ui/controls';
import { billingRequested, checkoutRequested, portalRequested, selectShell, trialRequested } from '../slice';
import '@tsudoi/ui/controls/page.css';
import './shell.css';

/** /plan: the owner's plan, seats, trial and card payment (Stripe checkout and portal). */
export function PlanPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const locale = useAppSelector(selectLocale);
  const { billing, billingError, billingBusy } = useAppSelector(selectShell);
  const [search] = useSearchParams();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ja-JP', { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(
      new Date(iso),
    );
  const isOwner = user?.employeeRole === 'OWNER';
  const checkout = search.get('checkout');
  useDocumentTitle(t('shell.plan.title'));

  useEffect(() => {
    if (isOwner) dispatch(billingRequested());
  }, [dispatch, isOwner]);

  if (user && !isOwner) return <Navigate to="/home" replace />;
  const price = BUSINESS_PRICE[locale];
  const priceText = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ja-JP', {
    style: 'currency',
    currency: price.currency,
    maximumFractionDigits: 0,
  }).format(price.amount);
  const paying = billing?.subscriptionStatus === 'active' || billing?.subscriptionStatus === 'past_due';

  return (
    <div className="page plan-page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t('shell.plan.title')}</h1>
          <p className="page-header__subtitle">{t('shell.plan.subtitle')}</p>
        </div>
      </header>
      {checkout === 'success' && (
        <p className="plan-page__banner plan-page__banner--ok" role="status">
          {t('shell.plan.checkoutDone')}
        </p>
      )}
      {checkout === 'cancelled' && (
        <p className="plan-page__banner" role="status">
          {t('shell.plan.checkoutCancelled')}
        </p>
      )}
      {billingError && (
        <p className="home__error" role="alert">
          {billingError}
        </p>
      )}
      {billing && (
        <>
          <section className="card" aria-labelledby="plan-current" data-testid="plan-current">
            <div className="card__header">
              <h2 className="card__title" id="plan-current">
                {t('shell.plan.current')}
              </h2>
              {billing.subscriptionStatus && (
                <span className={`plan-page__status plan-page__status--${billing.subscriptionStatus}`}>
                  {t(`shell.plan.status.${billing.subscriptionStatus}`)}
                </span>
              )}
            </div>
            <p className="home__plan">{t(`shell.plan.${billing.plan}`)}</p>
            <p>{t('shell.plan.seats', { used: billing.seatsTaken, max: billing.maxEmployee })}</p>
            {billing.trialEndsAt && !paying && (
              <p className="card__note">{t('shell.plan.trialUntil', { date: date(billing.trialEndsAt) })}</p>
            )}
            {billing.currentPeriodEnd && paying && (
              <p className="card__note">{t('shell.plan.renews', { date: date(billing.currentPeriodEnd) })}</p>
            )}
            {billing.subscriptionStatus === 'past_due' && (
              <p className="home__error" role="alert">
                {t('shell.plan.pastDue')}
              </p>
            )}
          </section>
          <section className="plan-page__plans" aria-label={t('shell.plan.choose')}>
            <article className={`card billing-plan${billing.plan === 'starter' ? ' billing-plan--current' : ''}`}>
              <h2 className="card__title">{t('shell.plan.starter')}</h2>
              <p className="billing-plan__price">{t('shell.plan.free')}</p>
              <ul className="billing-plan__items">
                <li>{t('shell.plan.starterSeats')}</li>
                <li>{t('shell.plan.unlimited')}</li>
              </ul>
            </article>
            <article
              className={`card billing-plan billing-plan--business${billing.plan === 'business' ? ' billing-plan--current' : ''}`}
            >
              <h2 className="card__title">{t('shell.plan.business')}</h2>
              <p className="billing-plan__price">{t('shell.plan.perUser', { price: priceText })}</p>
              <ul className="billing-plan__items">
                <li>{t('shell.plan.businessSeats')}</li>
                {PLAN_FEATURES.map((f) => (
                  <li key={f}>{t(`plans.feature.${f}`)}</li>
                ))}
              </ul>
              <div className="billing-plan__actions">
                {paying ? (
                  <Button busy={billingBusy === 'portal'} onClick={() => dispatch(portalRequested())}>
                    {t('shell.plan.portal')}
                  </Button>
                ) : (
                  <Button
                    busy={billingBusy === 'checkout'}
                    disabled={!billing.paymentsEnabled}
                    onClick={() => dispatch(checkoutRequested())}
                  >
                    {t('shell.plan.upgrade')}
                  </Button>
                )}
                {billing.trialAvailable && (
                  <Button variant="secondary" busy={billingBusy === 'trial'} onClick={() => dispatch(trialRequested())}>
                    {t('shell.plan.startTrial')}
                  </Button>
                )}
              </div>
              {!billing.paymentsEnabled && <p className="card__note">{t('errors.BILLING_NOT_CONFIGURED')}</p>}
            </article>
          </section>
          <p className="card__note plan-page__terms">
            {t('shell.plan.terms')}{' '}
            <a href="/info/term-of-service" target="_blank" rel="noopener">
              {t('shell.menu.terms')}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
