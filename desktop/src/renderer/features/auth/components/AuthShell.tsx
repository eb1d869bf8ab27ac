import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { PRODUCT_NAME } from '@tsudoi/common';
import officeFloor from '@resources/backgrounds/office-floor.svg';
import wordmarkInverse from '@resources/brand/wordmark-inverse.svg';
import './login.css';

export interface AuthShellProps {
  /** id of the card's heading, which labels the card. */
  labelledBy: string;
  children: ReactNode;
}

/**
 * The frame of every signed-out screen (sign in, sign up, password, e-mail
 * verification): the brand panel beside a card, stacked on phones.
 */
export function AuthShell({ labelledBy, children }: AuthShellProps) {
  const intl = useIntl();
  return (
    <div className="login">
      <aside className="login-brand">
        <img className="login-brand__logo" src={wordmarkInverse} alt={PRODUCT_NAME} width={147} height={39} />
        <div className="login-brand__body">
          <div className="login-brand__pitch">
            <p className="login-brand__tagline">{intl.formatMessage({ id: 'auth.login.tagline' })}</p>
            <p className="login-brand__detail">{intl.formatMessage({ id: 'auth.login.taglineDetail' })}</p>
          </div>
          <img className="login-brand__art" src={officeFloor} alt="" width={640} height={440} />
        </div>
      </aside>

      <main className="login-main">
        <section className="login-card" aria-labelledby={labelledBy}>
          {children}
        </section>
      </main>
    </div>
  );
}

export interface AuthCardHeaderProps {
  id: string;
  title: string;
  subtitle?: ReactNode;
}

/** The card's heading (the page's h1) and its one-line explanation. */
export function AuthCardHeader({ id, title, subtitle }: AuthCardHeaderProps) {
  return (
    <header className="login-card__header">
      <h1 id={id} className="login-card__title">
        {title}
      </h1>
      {subtitle && <p className="login-card__subtitle">{subtitle}</p>}
    </header>
  );
}
