import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon } from '@tsudoi/ui/controls';
import './invitation-page.css';

export type OutcomeTone = 'info' | 'success' | 'warning';

/** The invitation page's card: a tone icon, a title, the explanation and what to do next. */
export function OutcomeCard(props: {
  tone: OutcomeTone;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  outcome: string;
}) {
  const { tone, title, children, actions, outcome } = props;
  return (
    <section className="invitation-card" aria-labelledby="invitation-title" data-outcome={outcome}>
      <span className={`invitation-card__icon invitation-card__icon--${tone}`}>
        {tone === 'success' ? <CheckCircleIcon size={28} /> : tone === 'info' ? <MailIcon /> : <AlertIcon size={28} />}
      </span>
      <h1 id="invitation-title" className="invitation-card__title">
        {title}
      </h1>
      <div className="invitation-card__text">{children}</div>
      <div className="invitation-card__actions">{actions}</div>
    </section>
  );
}

function MailIcon() {
  return (
    <svg width={28} height={28} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
        <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
        <path d="m3.8 7 8.2 6 8.2-6" />
      </g>
    </svg>
  );
}
