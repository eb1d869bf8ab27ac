import type { MessageId } from '@tsudoi/common';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { companyRequested, selectCompany } from '../../company';
import { Avatar, buttonClassName, useDocumentTitle, RoleBadge } from '@tsudoi/ui/controls';
import { BackgroundPicker } from '../../virtual-backgrounds';
import { PasswordChangeCard } from './PasswordChangeCard';
import '@tsudoi/ui/controls/page.css';
import './profile.css';

/** /profile: who I am and which team I belong to (spec §2 "profile and team info"). */
export function ProfilePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { current: company } = useAppSelector(selectCompany);
  const t = (id: MessageId) => intl.formatMessage({ id });
  const companyId = user?.employmentCompanyId ?? null;
  useDocumentTitle(t('profile.view.title'));

  useEffect(() => {
    if (companyId !== null) dispatch(companyRequested(companyId));
  }, [companyId, dispatch]);

  if (!user) return null;
  const team = companyId !== null && company?.id === companyId ? company : null;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t('profile.view.title')}</h1>
          <p className="page-header__subtitle">{t('profile.view.subtitle')}</p>
        </div>
        <Link className={buttonClassName('secondary')} to="/profile/edit">
          {t('profile.view.edit')}
        </Link>
      </header>

      <section className="card profile-card" aria-label={t('profile.view.title')}>
        <div className="profile-card__hero">
          <Avatar name={user.name} imageUrl={user.avatarImageUrl} color={user.avatarColor} size={96} />
          <div className="profile-card__identity">
            <p className="profile-card__name">{user.name}</p>
            <p className="profile-card__email">{user.email}</p>
          </div>
        </div>
        <dl className="details">
          <dt>{t('profile.view.team')}</dt>
          <dd>
            {companyId === null ? (
              <>
                <span className="profile-card__muted">{t('profile.view.noTeam')}</span>
                <Link className="link" to="/company/register">
                  {t('profile.view.registerTeam')}
                </Link>
              </>
            ) : (
              <>
                {team && <Avatar name={team.name} imageUrl={team.logoImageUrl} color="#312e81" size={28} square />}
                <span className="profile-card__team">{team?.name ?? '…'}</span>
                <Link className="link" to="/profile/company/edit">
                  {t('profile.view.teamLink')}
                </Link>
              </>
            )}
          </dd>
          <dt>{t('profile.view.role')}</dt>
          <dd>{user.employeeRole ? <RoleBadge role={user.employeeRole} /> : '—'}</dd>
          <dt>{t('profile.view.language')}</dt>
          <dd>{t(`common.language.${user.locale}`)}</dd>
        </dl>
      </section>

      <PasswordChangeCard />

      <section className="card">
        <BackgroundPicker />
      </section>
    </div>
  );
}
