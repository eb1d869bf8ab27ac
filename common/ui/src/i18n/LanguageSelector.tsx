import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { LOCALES } from '@tsudoi/common';
import { ChevronDownIcon, GlobeIcon } from '../controls/icons';
import { localeChanged, selectLocale } from './slice';
import './language-selector.css';

/** The ja / en switch; works in any layout of either UI. Each language is named in itself. */
export function LanguageSelector({ className }: { className?: string }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const locale = useSelector(selectLocale);
  return (
    <label className={['language-selector', className].filter(Boolean).join(' ')}>
      <GlobeIcon className="language-selector__globe" />
      <span className="visually-hidden">{intl.formatMessage({ id: 'common.language.label' })}</span>
      <select
        className="language-selector__select"
        value={locale}
        onChange={(event) => {
          const next = LOCALES.find((option) => option === event.target.value);
          if (next) dispatch(localeChanged(next));
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {intl.formatMessage({ id: `common.language.${option}` })}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="language-selector__chevron" />
    </label>
  );
}
