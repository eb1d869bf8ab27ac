import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { selectChat } from '../../chat';
import { formatJapanRange } from '../../floors/time';
import { selectLocale } from '@tsudoi/ui/i18n';
import { buttonClassName, useDocumentTitle } from '@tsudoi/ui/controls';
import { billingRequested, homeRequested, selectShell } from '../slice';
import '@tsudoi/ui/controls/page.css';
import './shell.css';
import { paths } from '../../../app/paths';
import { HomeAppointments, HomeAttendance } from './HomeCards';

/** /home (spec §2): today's floors, unread chats, next appointments, the member's attendance and, for owners, the plan. */
export function HomePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const locale = useAppSelector(selectLocale);
  const { todayFloors, homeError, billing, appointments, attendance, attendanceRefusal } = useAppSelector(selectShell);
  const chat = useAppSelector(selectChat);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const isOwner = user?.employeeRole === 'OWNER';
  useDocumentTitle(t('shell.home.title'));

  useEffect(() => {
    dispatch(homeRequested());
    if (isOwner) dispatch(billingRequested());
  }, [dispatch, isOwner]);

  const unread = chat.conversations.filter((c) => c.unreadMessages > 0).slice(0, 5);
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date()));
  const greeting = hour < 11 ? 'shell.home.morning' : hour < 18 ? 'shell.home.day' : 'shell.home.evening';

  return (
    <div className="page page--wide home">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t(greeting, { name: user?.name ?? '' })}</h1>
          <p className="page-header__subtitle">{t('shell.home.subtitle')}</p>
        </div>
        <Link className={buttonClassName('primary')} to="/floors">
          {t('shell.home.allFloors')}
        </Link>
      </header>
      <div className="home__grid">
        <section className="card home__floors" aria-labelledby="home-floors">
          <div className="card__header">
            <h2 className="card__title" id="home-floors">
              {t('shell.home.today')}
            </h2>
            <Link to="/floors">{t('shell.home.seeAll')}</Link>
          </div>
          {todayFloors === null ? (
            <p className="card__note loading-after-delay" role="status">
              {t('common.loading')}
            </p>
          ) : homeError ? (
            <p className="home__error" role="alert">
              {homeError}
            </p>
          ) : todayFloors.length === 0 ? (
            <div className="home__empty">
              <p>{t('shell.home.noFloors')}</p>
              {user?.employeeRole === 'OWNER' || user?.employeeRole === 'ADMIN' ? (
                <Link className={buttonClassName('secondary')} to="/floors/create">
                  {t('shell.home.createFloor')}
                </Link>
              ) : null}
            </div>
          ) : (
            <ul className="home__list">
              {todayFloors.slice(0, 8).map((floor) => (
                <li key={floor.id} className="home__floor">
                  <Link to={paths.floor(floor.id)} className="home__floor-link">
                    <span className="home__floor-title">{floor.title}</span>
                    <span className="home__floor-time">
                      {floor.startAt ? formatJapanRange(floor.startAt, floor.endAt, locale) : t('shell.home.permanent')}
                    </span>
                  </Link>
                  <span className={`home__status home__status--${floor.status}`}>
                    {t(
                      floor.status === 'running'
                        ? 'shell.home.live'
                        : floor.startAt
                          ? 'shell.home.later'
                          : 'shell.home.open',
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="home-chats">
          <div className="card__header">
            <h2 className="card__title" id="home-chats">
              {t('shell.home.unread')}
            </h2>
            <Link to="/chat">{t('shell.home.openChat')}</Link>
          </div>
          {unread.length === 0 ? (
            <p className="card__note">{t('shell.home.noUnread')}</p>
          ) : (
            <ul className="home__list">
              {unread.map((c) => (
                <li key={c.id} className="home__chat">
                  <Link to="/chat">{c.title}</Link>
                  <span className="home__count" aria-label={t('shell.home.unreadCount', { count: c.unreadMessages })}>
                    {c.unreadMessages}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <HomeAppointments appointments={appointments} floors={todayFloors ?? []} locale={locale} />
        {user?.employmentCompanyId != null && (
          <HomeAttendance attendance={attendance} refusal={attendanceRefusal} locale={locale} />
        )}
        {isOwner && billing && (
          <section className="card" aria-labelledby="home-plan">
            <div className="card__header">
              <h2 className="card__title" id="home-plan">
                {t('shell.plan.current')}
              </h2>
              <Link to="/plan">{t('shell.plan.manage')}</Link>
            </div>
            <p className="home__plan">{t(`shell.plan.${billing.plan}`)}</p>
            <p className="card__note">
              {t('shell.plan.seats', { used: billing.seatsTaken, max: billing.maxEmployee })}
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
