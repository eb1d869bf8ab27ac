import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser, selectSessionNotice } from '../../auth';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { attendanceOpened, selectAttendance } from '../slice';
import { TeamPanel } from './TeamPanel';
import { TimeLogCard } from './TimeLogCard';
import { TimecardPrompt } from './TimecardPrompt';
import { TodayCard } from './TodayCard';
import '@tsudoi/ui/controls/page.css';
import './attendance.css';

/** /attendance: today's check-in desk, the team's status, time logs and the report with exports. */
export function AttendancePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const removed = useAppSelector(selectSessionNotice)?.reason === 'removedFromTeam';
  const { me, loadError, loadErrorCode } = useAppSelector(selectAttendance);
  useDocumentTitle(intl.formatMessage({ id: 'attendance.title' }));
  useEffect(() => {
    dispatch(attendanceOpened());
  }, [dispatch]);
  if (user && user.employmentCompanyId == null) return removed ? null : <Navigate to="/company/register" replace />;
  return (
    <div className="page att-page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage({ id: 'attendance.title' })}</h1>
          <p className="page-header__subtitle">{intl.formatMessage({ id: 'attendance.page.subtitle' })}</p>
        </div>
        <Link className="button button--secondary" to="/employee/shift">
          {intl.formatMessage({ id: 'attendance.shifts.title' })}
        </Link>
      </header>
      {loadError && (
        <p className="card" role="alert">
          {loadError}
          {loadErrorCode === 'PLAN_FEATURE_REQUIRED' && user?.employeeRole === 'OWNER' && (
            <>
              {' '}
              <Link className="link" to="/plan">
                {intl.formatMessage({ id: 'plans.upgradeLink' })}
              </Link>
            </>
          )}
        </p>
      )}
      {me && (
        <>
          <div className="att-grid">
            <TodayCard />
            <TeamPanel />
          </div>
          <TimeLogCard />
          <TimecardPrompt />
        </>
      )}
    </div>
  );
}
