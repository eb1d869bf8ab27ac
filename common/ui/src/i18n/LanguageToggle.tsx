import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { GlobeIcon } from '../controls/icons';
import { localeChanged, selectLocale } from './slice';
import './language-selector.css';

/**
 * The language link of a page's header, always in view: it names the other
 * language in itself (English on a Japanese page, 日本語 on an English one)
 * and switches to it, as the public site's link does. The choice is kept
 * where every UI reads it (the locale cookie, through localeChanged).
 */
export function LanguageToggle({ className }: { className?: string }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const locale = useSelector(selectLocale);
  const other = locale === 'ja' ? 'en' : 'ja';
  const name = intl.formatMessage({ id: `common.language.${other}` });
  return (
    <button
      type="button"
      className={['language-toggle', className].filter(Boolean).join(' ')}
      lang={other}
      aria-label={`${intl.formatMessage({ id: 'common.language.label' })}: ${name}`}
      onClick={() => dispatch(localeChanged(other))}
    >
      <GlobeIcon className="language-toggle__globe" />
      <span>{name}</span>
    </button>
  );
}
