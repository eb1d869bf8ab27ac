import type { MessageId } from '@tsudoi/common';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, useDocumentTitle } from '@tsudoi/ui/controls';
import { historyDownloadRequested, historyRequested, selectHistory } from '../slice';
import '@tsudoi/ui/controls/page.css';
import './history.css';

const japanToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/**
 * /floors/{id}/history: the floor enter/leave history (spec §2) for its
 * host and subhosts: a range of Japan days (today by default), one page of 20
 * at a time, and the whole range as CSV.
 */
export function HistoryPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectHistory);
  const floorId = Number(useParams().id);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  useDocumentTitle(t('history.title'));
  const [from, setFrom] = useState(japanToday);
  const [to, setTo] = useState(japanToday);

  useEffect(() => {
    if (Number.isInteger(floorId) && floorId > 0)
      dispatch(historyRequested({ floorId, from: japanToday(), to: japanToday(), page: 1 }));
  }, [floorId, dispatch]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    dispatch(historyRequested({ floorId, from, to, page: 1 }));
  };
  const page = state.page;
  const go = (n: number) => state.query && dispatch(historyRequested({ ...state.query, page: n }));
  return (
    <div className="page page--wide history">
      <header className="page-header">
        <div>
          <Link className="link" to={`/floors/${floorId}/live`}>
            {t('history.back')}
          </Link>
          <h1 className="page-header__title">{t('history.title')}</h1>
        </div>
      </header>
      <form className="history__toolbar card" onSubmit={show} noValidate>
        <label className="history__field">
          <span>{t('history.from')}</span>
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          {state.fields.from && <em role="alert">{state.fields.from}</em>}
        </label>
        <label className="history__field">
          <span>{t('history.to')}</span>
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          {state.fields.to && <em role="alert">{state.fields.to}</em>}
        </label>
        <div className="history__actions">
          <Button type="submit" busy={state.loading}>
            {t('history.show')}
          </Button>
          <Button
            type="button"
            busy={state.downloading}
            onClick={() => dispatch(historyDownloadRequested({ floorId, from, to }))}
          >
            {t('history.download')}
          </Button>
        </div>
      </form>
      {state.error && (
        <p className="history__error" role="alert">
          {state.error}
        </p>
      )}
      {page && (
        <section className="card history__result">
          <p className="history__total">{t('history.total', { count: page.total })}</p>
          {page.data.length === 0 ? (
            <p className="history__empty">{t('history.empty')}</p>
          ) : (
            <div className="history__scroll" tabIndex={0} role="region" aria-label={t('history.title')}>
              <table className="history__table">
                <thead>
                  <tr>
                    <th>{t('history.col.at')}</th>
                    <th>{t('history.col.type')}</th>
                    <th>{t('history.col.name')}</th>
                    <th>{t('history.col.room')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((e) => (
                    <tr key={e.id}>
                      <td className="history__at">{e.at.slice(0, 16).replace('T', ' ')}</td>
                      <td>
                        <span className={`history__type history__type--${e.type}`}>
                          {t(e.type === 'enter' ? 'history.enter' : 'history.leave')}
                        </span>
                      </td>
                      <td>{e.name ?? '—'}</td>
                      <td>{e.roomName ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {page.pageCount > 1 && (
            <nav className="history__pager">
              <Button type="button" disabled={page.page <= 1} onClick={() => go(page.page - 1)}>
                {t('history.prev')}
              </Button>
              <span>{t('history.page', { page: page.page, pageCount: page.pageCount })}</span>
              <Button type="button" disabled={page.page >= page.pageCount} onClick={() => go(page.page + 1)}>
                {t('history.next')}
              </Button>
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
