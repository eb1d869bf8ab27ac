import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useSelector } from 'react-redux';
import { DEFAULT_LOCALE, MESSAGES, type MessageId } from '@tsudoi/common';
import { selectLocale } from './slice';

declare global {
  // Makes every `formatMessage({ id })` and `<FormattedMessage id>` check the id against the catalogue.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/** Provides react-intl with the catalogue of the current locale. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useSelector(selectLocale);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={MESSAGES[locale]}>
      {children}
    </IntlProvider>
  );
}
