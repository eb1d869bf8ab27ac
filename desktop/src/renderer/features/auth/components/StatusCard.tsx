import type { ReactNode } from 'react';
import { AuthShell } from './AuthShell';
import './status-card.css';

export type StatusTone = 'info' | 'success' | 'danger';

export interface StatusCardProps {
  id: string;
  tone: StatusTone;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  /** Buttons and links under the text, stacked full width. */
  actions?: ReactNode;
  /** A small line under the actions (e.g. "not your account? sign out"). */
  footer?: ReactNode;
}

/** A one-message screen (check your inbox, confirmed, link expired) inside the sign-in frame. */
export function StatusCard({ id, tone, icon, title, children, actions, footer }: StatusCardProps) {
  return (
    <AuthShell labelledBy={id}>
      <div className="status-card">
        <div className={`status-card__badge status-card__badge--${tone}`}>{icon}</div>
        <h1 id={id} className="status-card__title">
          {title}
        </h1>
        {children && <div className="status-card__body">{children}</div>}
        {actions && <div className="status-card__actions">{actions}</div>}
        {footer && <p className="status-card__footer">{footer}</p>}
      </div>
    </AuthShell>
  );
}
