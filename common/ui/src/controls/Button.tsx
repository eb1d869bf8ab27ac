import type { ButtonHTMLAttributes, Ref } from 'react';
import './controls.css';

export type ButtonVariant = 'primary' | 'secondary';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Stretches the button to the width of its container. */
  block?: boolean;
  /** Shows a spinner and marks the button busy; it stays focusable but ignores clicks. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClassName(variant: ButtonVariant = 'primary', block = false): string {
  return `button button--${variant}${block ? ' button--block' : ''}`;
}

export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [buttonClassName(variant, block), className].filter(Boolean).join(' ');
  return (
    <button type="button" {...rest} className={classes} aria-busy={busy || undefined} aria-disabled={busy || undefined}>
      {busy && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
