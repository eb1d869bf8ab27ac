import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { NAME_MAX_LENGTH, type CompanyDto, type MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar, Button, ImagePicker, TextField } from '@tsudoi/ui/controls';
import { companyRenameRequested, logoUploadRequested, selectCompany } from '../slice';
import { PlanBox } from './PlanBox';

/** LOGO_COLOUR: the tile behind a team's initials when it has no logo yet. */
const LOGO_COLOUR = '#312e81';

/** The team's logo, name and plan; OWNER and ADMIN edit them, everyone else reads them (spec §6). */
export function TeamDetailsCard({ company, canManage }: { company: CompanyDto; canManage: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { saving, uploading, nameError, logoError } = useAppSelector(selectCompany);
  const [name, setName] = useState(company.name);
  const [clientError, setClientError] = useState<string | undefined>();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const label = t('company.edit.name');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) return setClientError(t('validation.required', { attribute: label }));
    setClientError(undefined);
    dispatch(companyRenameRequested({ id: company.id, name: name.trim() }));
  }

  return (
    <section className="card" aria-labelledby="team-details-title">
      <div className="card__header">
        <h2 id="team-details-title" className="card__title">
          {t('company.edit.details')}
        </h2>
        {!canManage && <span className="card__note">{t('company.edit.readOnly')}</span>}
      </div>
      <div className="team-details">
        <div className="form-stack">
          {canManage ? (
            <>
              <ImagePicker
                name={company.name}
                imageUrl={company.logoImageUrl}
                color={LOGO_COLOUR}
                square
                buttonLabel={t('company.edit.changeLogo')}
                serverError={logoError}
                busy={uploading}
                onPick={(file) => dispatch(logoUploadRequested({ id: company.id, file }))}
              />
              <form className="team-details__name-row" noValidate onSubmit={submit}>
                <TextField
                  id="team-name"
                  label={label}
                  value={name}
                  maxLength={NAME_MAX_LENGTH}
                  error={clientError ?? nameError ?? undefined}
                  onChange={(event) => setName(event.target.value)}
                />
                <Button type="submit" variant="secondary" busy={saving} disabled={name.trim() === company.name}>
                  {t('common.save')}
                </Button>
              </form>
            </>
          ) : (
            <div className="image-picker">
              <Avatar name={company.name} imageUrl={company.logoImageUrl} color={LOGO_COLOUR} size={88} square />
              <p className="team-details__readonly-name">{company.name}</p>
            </div>
          )}
        </div>
        <PlanBox company={company} />
      </div>
    </section>
  );
}
