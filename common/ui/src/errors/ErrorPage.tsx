import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { PRODUCT_NAME } from '@tsudoi/common';
import logoMark from '@resources/brand/logo-mark.svg';
import { buttonClassName } from '../controls/Button';
import './error-page.css';

export interface ErrorPageProps {
  /** HTTP-like status shown large; 500 when unknown (spec §8.2). */
  status?: number;
  /** The server's or the error's message, shown as given (the server localises it). */
  message?: string;
  /** Where "back to login" leads; a full page load, so it also recovers from a crashed app. */
  loginPath?: string;
}

/** The text spec §2 maps to the translated `errorPage.pageNotFound`. */
const PAGE_NOT_FOUND_TEXT = 'This page could not be found';

export function ErrorPage({ status = 500, message, loginPath = '/login' }: ErrorPageProps) {
  const intl = useIntl();
  const text =
    message === PAGE_NOT_FOUND_TEXT || (!message && status === 404)
      ? intl.formatMessage({ id: 'errorPage.pageNotFound' })
      : (message ?? intl.formatMessage({ id: status === 500 ? 'errors.INTERNAL' : 'errors.SOMETHING_WENT_WRONG' }));

  useEffect(() => {
    document.title = intl.formatMessage({ id: 'errorPage.title' }, { product: PRODUCT_NAME, status });
  }, [intl, status]);

  return (
    <main className="error-page">
      <div className="error-page__card">
        <img className="error-page__logo" src={logoMark} alt={PRODUCT_NAME} width={48} height={48} />
        <p className="error-page__status" aria-hidden="true">
          {status}
        </p>
        <h1 className="error-page__message">
          <span className="visually-hidden">{status} </span>
          {text}
        </h1>
        <a className={buttonClassName('primary')} href={loginPath}>
          {intl.formatMessage({ id: 'errorPage.backToLogin' })}
        </a>
      </div>
    </main>
  );
}
