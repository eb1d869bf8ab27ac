import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { NAME_MAX_LENGTH, type MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { Button, TextField, useDocumentTitle } from '@tsudoi/ui/controls';
import { companyRegisterRequested, selectCompany } from '../slice';
import '@tsudoi/ui/controls/page.css';
import './company.css';

const PERKS: MessageId[] = ['company.register.perkInvite', 'company.register.perkFloors', 'company.register.perkFree'];

/**
 * /company/register: a user without a team creates one and becomes its OWNER
 * (spec §2 "become a host"). Anyone with a team is sent to the team page.
 */
export function CompanyRegisterPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { registering, nameError } = useAppSelector(selectCompany);
  const [name, setName] = useState('');
  const [clientError, setClientError] = useState<string | undefined>();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const label = t('company.register.name');
  useDocumentTitle(t('company.register.title'));

  if (user?.employmentCompanyId != null) return <Navigate to="/profile/company/edit" replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (registering) return;
    if (!name.trim()) {
      setClientError(t('validation.required', { attribute: label }));
      return;
    }
    setClientError(undefined);
    dispatch(companyRegisterRequested(name.trim()));
  }

  return (
    <div className="page page--narrow">
      <section className="card company-register" aria-labelledby="company-register-title">
        <span className="company-register__badge">{t('company.register.eyebrow')}</span>
        <h1 id="company-register-title" className="page-header__title">
          {t('company.register.title')}
        </h1>
        <p className="page-header__subtitle">{t('company.register.subtitle')}</p>
        <ul className="company-register__perks">
          {PERKS.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
        <form className="form-stack" noValidate onSubmit={submit}>
          <TextField
            id="company-name"
            label={label}
            placeholder={t('company.register.namePlaceholder')}
            value={name}
            maxLength={NAME_MAX_LENGTH}
            autoComplete="organization"
            error={clientError ?? nameError ?? undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" block busy={registering}>
            {t('company.register.submit')}
          </Button>
        </form>
      </section>
    </div>
  );
}
