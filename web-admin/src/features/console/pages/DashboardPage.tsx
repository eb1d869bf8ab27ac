import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { AdminDashboard, MessageId } from '@tsudoi/common';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { useAppDispatch } from '../../../app/hooks';
import { AreaChart, BarChart } from '../components/Charts';
import { useDetail } from '../components/Detail';
import { formatBytes } from '../format';
import { detailRequested } from '../slice';
import './dashboard.css';

/** The admin home (/admin/{key}): live floors, people online, totals, and 30 days of sign-ups and storage. */
export function DashboardPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  useDocumentTitle(t('adminConsole.dashboard.title'));
  const { data, error } = useDetail('/admin/dashboard');
  const dispatch = useAppDispatch();
  // live figures: refreshed every 30 s while the page is open
  useEffect(() => {
    const timer = setInterval(() => dispatch(detailRequested({ path: '/admin/dashboard' })), 30_000);
    return () => clearInterval(timer);
  }, [dispatch]);
  const dash = data as AdminDashboard | null;
  const tiles: [MessageId, string, boolean?][] = dash
    ? [
        ['adminConsole.dashboard.liveFloors', intl.formatNumber(dash.liveFloors), true],
        ['adminConsole.dashboard.peopleOnline', intl.formatNumber(dash.peopleOnline), true],
        ['adminConsole.dashboard.users', intl.formatNumber(dash.users)],
        ['adminConsole.dashboard.companies', intl.formatNumber(dash.companies)],
        ['adminConsole.dashboard.floors', intl.formatNumber(dash.floors)],
        ['adminConsole.dashboard.storage', formatBytes(dash.storageBytes)],
      ]
    : [];
  return (
    <section className="console-page">
      <header className="console-page__header">
        <h1 className="console-page__title">{t('adminConsole.dashboard.title')}</h1>
      </header>
      {error && <p className="console-card console-empty console-empty--error">{error}</p>}
      {!dash && !error && <p className="console-card console-empty">{t('adminConsole.list.loading')}</p>}
      {dash && (
        <>
          <div className="dash-tiles">
            {tiles.map(([label, value, live]) => (
              <div key={label} className={`console-card dash-tile${live ? ' dash-tile--live' : ''}`}>
                <p className="dash-tile__label">
                  {live && <span className="dash-tile__pulse" aria-hidden="true" />}
                  {t(label)}
                </p>
                <p className="dash-tile__value" data-testid={label}>
                  {value}
                </p>
              </div>
            ))}
          </div>
          <div className="dash-charts">
            <figure className="console-card dash-chart">
              <figcaption>{t('adminConsole.dashboard.signups')}</figcaption>
              <BarChart
                title={t('adminConsole.dashboard.signups')}
                points={dash.signups.map((s) => ({ label: s.date, value: s.count }))}
              />
            </figure>
            <figure className="console-card dash-chart">
              <figcaption>{t('adminConsole.dashboard.storageChart')}</figcaption>
              <AreaChart
                title={t('adminConsole.dashboard.storageChart')}
                format={formatBytes}
                points={dash.storage.map((s) => ({ label: s.date, value: s.bytes }))}
              />
            </figure>
          </div>
        </>
      )}
    </section>
  );
}
