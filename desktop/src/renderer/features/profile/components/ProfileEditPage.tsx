import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { LOCALES, NAME_MAX_LENGTH, type Locale, type UserDto, type MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { Button, buttonClassName, ImagePicker, TextField, useDocumentTitle } from '@tsudoi/ui/controls';
import { avatarUploadRequested, profileSaveRequested, selectProfile } from '../slice';
import '@tsudoi/ui/controls/page.css';
import './profile.css';

/** /profile/edit: picture, name and the language of e-mails (spec §2, §5). */
export function ProfileEditPage() {
  const user = useAppSelector(selectCurrentUser);
  return user ? <ProfileEditForm user={user} /> : null;
}

function ProfileEditForm({ user }: { user: UserDto }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { saving, uploading, fieldErrors, avatarError, savedCount } = useAppSelector(selectProfile);
  const [savedAtStart] = useState(savedCount);
  const [name, setName] = useState(user.name);
  const [locale, setLocale] = useState<Locale>(user.locale);
  const [nameError, setNameError] = useState<string | undefined>();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const nameLabel = t('profile.edit.name');
  useDocumentTitle(t('profile.edit.title'));

  useEffect(() => {
    if (savedCount > savedAtStart) navigate('/profile');
  }, [savedCount, savedAtStart, navigate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) {
      setNameError(t('validation.required', { attribute: nameLabel }));
      return;
    }
    setNameError(undefined);
    dispatch(profileSaveRequested({ name: name.trim(), locale }));
  }

  return (
    <div className="page page--narrow">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t('profile.edit.title')}</h1>
          <p className="page-header__subtitle">{t('profile.edit.subtitle')}</p>
        </div>
      </header>

      <section className="card">
        <div className="form-stack">
          <ImagePicker
            name={user.name}
            imageUrl={user.avatarImageUrl}
            color={user.avatarColor}
            buttonLabel={t('profile.edit.changePicture')}
            serverError={avatarError}
            busy={uploading}
            onPick={(file) => dispatch(avatarUploadRequested({ file }))}
          />
          <form className="form-stack" noValidate onSubmit={submit}>
            <TextField
              id="profile-name"
              label={nameLabel}
              value={name}
              maxLength={NAME_MAX_LENGTH}
              autoComplete="name"
              error={nameError ?? fieldErrors.name}
              onChange={(event) => setName(event.target.value)}
            />
            <div className="field">
              <label className="field__label" htmlFor="profile-email">
                {t('profile.edit.email')}
              </label>
              <p id="profile-email" className="profile-card__muted">
                {user.email}
              </p>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="profile-locale">
                {t('profile.edit.locale')}
              </label>
              <select
                id="profile-locale"
                className="profile-edit__select"
                value={locale}
                onChange={(event) => setLocale(LOCALES.find((l) => l === event.target.value) ?? locale)}
              >
                {LOCALES.map((option) => (
                  <option key={option} value={option} lang={option}>
                    {t(`common.language.${option}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-actions">
              <Link className={buttonClassName('secondary')} to="/profile">
                {t('common.cancel')}
              </Link>
              <Button type="submit" busy={saving}>
                {t('common.save')}
              </Button>
            </div>
          </form>
        </div>
      </section>
    </div>
  );
}
