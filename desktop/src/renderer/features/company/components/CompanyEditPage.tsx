import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser, selectSessionNotice } from '../../auth';
import { EmployeeList, InviteForm, selectInvitations } from '../../invitations';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { companyRequested, selectCompany } from '../slice';
import { TeamDetailsCard } from './TeamDetailsCard';
import '@tsudoi/ui/controls/page.css';
import './company.css';

/**
 * /profile/company/edit: team name, logo, plan and seats, the member list
 * (owner first, pending invitations) and the invitation form. Only OWNER and
 * ADMIN may edit and invite; EMPLOYEE sees it read-only (spec §6).
 */
export function CompanyEditPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const removed = useAppSelector(selectSessionNotice)?.reason === 'removedFromTeam';
  const { current, loadError } = useAppSelector(selectCompany);
  const { sentCount } = useAppSelector(selectInvitations);
  const companyId = user?.employmentCompanyId ?? null;
  const canManage = user?.employeeRole === 'OWNER' || user?.employeeRole === 'ADMIN';
  useDocumentTitle(intl.formatMessage({ id: 'company.edit.title' }));

  // Reload after every sent invitation: the seats count live invitations too.
  useEffect(() => {
    if (companyId !== null) dispatch(companyRequested(companyId));
  }, [companyId, sentCount, dispatch]);

  // removed from the team: the notice takes the page to the floor list; no second way out meanwhile
  if (companyId === null) return removed ? null : <Navigate to="/company/register" replace />;
  const company = current?.id === companyId ? current : null;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage({ id: 'company.edit.title' })}</h1>
          <p className="page-header__subtitle">{intl.formatMessage({ id: 'company.edit.subtitle' })}</p>
        </div>
      </header>
      {company ? (
        <TeamDetailsCard key={company.id} company={company} canManage={canManage} />
      ) : (
        loadError && (
          <p className="card" role="alert">
            {loadError}
          </p>
        )
      )}
      {canManage && <InviteForm />}
      <EmployeeList canManage={canManage} />
    </div>
  );
}
