import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { localDate, TIME_LOG_RANGES, type TimeLogRange, type MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '@tsudoi/ui/controls';
import { exportRequested, reportRequested, selectAttendance, timeLogEditRequested } from '../slice';
import { TimeLogEditDialog } from './TimeLogEditDialog';
import { dayLabel, hours, timeIn } from './format';

const RANGE_LABELS: Record<TimeLogRange, string> = {
  '1w': 'oneWeek',
  '2w': 'twoWeeks',
  '1m': 'oneMonth',
  custom: 'custom',
  all: 'all',
};

/**
 * Time logs and the report (spec §7.7, §9.2 ranges): whose (with "see all
 * records"), the range, totals, one row per shift or day worked, and the
 * month's PDF and CSV (everyone's with "download all as PDF").
 */
export function TimeLogCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: id as MessageId }, values);
  const dispatch = useAppDispatch();
  const { me, team, query, report, reportLoading, reportError, rangeErrors, exporting } =
    useAppSelector(selectAttendance);
  const tz = me?.timeZone ?? 'Asia/Tokyo';
  const [start, setStart] = useState(query.start ?? '');
  const [end, setEnd] = useState(query.end ?? '');
  const [month, setMonth] = useState(() => localDate(new Date(), tz).slice(0, 7));
  const employeeId = query.employeeId ?? me?.userId;
  const seeAll = me?.permissions.seeAllRecords ?? false;
  const mayExportOthers = me?.permissions.downloadAllPdf ?? false;
  const mayEdit = me?.permissions.editAllAttendance ?? false;

  useEffect(() => {
    if (me && !report && !reportLoading) dispatch(reportRequested({ range: '1w' }));
  }, [me, report, reportLoading, dispatch]);

  const ask = (range: TimeLogRange, id = employeeId) =>
    dispatch(
      reportRequested({
        range,
        ...(id !== undefined && id !== me?.userId ? { employeeId: id } : {}),
        ...(range === 'custom' ? { start, end } : {}),
      }),
    );
  const own = employeeId === me?.userId;
  const totals = report?.totals;
  return (
    <section className="card att-logs" aria-labelledby="att-logs-title">
      {mayEdit && <TimeLogEditDialog name={report?.employee.name ?? ''} />}
      <div className="card__header">
        <h2 className="card__title" id="att-logs-title">
          {t('attendance.page.timeLogs')}
        </h2>
        {seeAll && (
          <label className="att-select">
            <span className="visually-hidden">{t('attendance.report.employee')}</span>
            <select
              value={employeeId}
              onChange={(e) => ask(query.range ?? '1w', Number(e.target.value))}
              data-testid="att-employee"
            >
              {team.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="att-toolbar">
        <div className="att-segmented" role="group" aria-label={t('attendance.page.range')}>
          {TIME_LOG_RANGES.map((range) => (
            <button
              key={range}
              type="button"
              className="att-segmented__item"
              aria-pressed={(query.range ?? '1w') === range}
              onClick={() =>
                range === 'custom' ? dispatch(reportRequested({ ...query, range, start, end })) : ask(range)
              }
            >
              {t(`attendance.range.${RANGE_LABELS[range]}`)}
            </button>
          ))}
        </div>
        {query.range === 'custom' && (
          <form
            className="att-custom"
            onSubmit={(e) => {
              e.preventDefault();
              ask('custom');
            }}
          >
            <label>
              <span>{t('attendance.page.from')}</span>
              <input
                type="date"
                value={start}
                onChange={(e) => setStart(e.target.value)}
                aria-invalid={!!rangeErrors.start}
              />
            </label>
            <label>
              <span>{t('attendance.page.to')}</span>
              <input
                type="date"
                value={end}
                onChange={(e) => setEnd(e.target.value)}
                aria-invalid={!!rangeErrors.end}
              />
            </label>
            <Button type="submit" variant="secondary">
              {t('attendance.page.show')}
            </Button>
            {(rangeErrors.start || rangeErrors.end) && (
              <p className="field__error" role="alert">
                {rangeErrors.start ?? rangeErrors.end}
              </p>
            )}
          </form>
        )}
      </div>
      {totals && (
        <dl className="att-totals">
          <div>
            <dt>{t('attendance.report.worked')}</dt>
            <dd>{hours(totals.workedMin, false)}</dd>
          </div>
          <div>
            <dt>{t('attendance.report.days')}</dt>
            <dd>{totals.days}</dd>
          </div>
          <div className={totals.lateCount ? 'att-totals--warn' : ''}>
            <dt>{t('attendance.report.late')}</dt>
            <dd>{t('attendance.page.times', { count: totals.lateCount })}</dd>
          </div>
          <div className={totals.earlyLeaveCount ? 'att-totals--warn' : ''}>
            <dt>{t('attendance.report.earlyLeave')}</dt>
            <dd>{t('attendance.page.times', { count: totals.earlyLeaveCount })}</dd>
          </div>
          <div className={totals.absenceCount ? 'att-totals--bad' : ''}>
            <dt>{t('attendance.report.absence')}</dt>
            <dd>{t('attendance.page.times', { count: totals.absenceCount })}</dd>
          </div>
        </dl>
      )}
      {reportError && (
        <p className="field__error" role="alert">
          {reportError}
        </p>
      )}
      <div className="att-table-wrap">
        <table className="att-table" data-testid="att-report">
          <thead>
            <tr>
              {['date', 'shift', 'checkIn', 'checkOut', 'break', 'worked', 'late', 'earlyLeave', 'absence'].map((c) => (
                <th key={c} scope="col">
                  {t(`attendance.report.${c}`)}
                </th>
              ))}
              {mayEdit && (
                <th scope="col">
                  <span className="visually-hidden">{t('attendance.edit.column')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {report?.rows.map((r) => (
              <tr
                key={`${r.date}-${r.shiftId ?? 'x'}-${r.recordIds.join('.')}`}
                className={r.absent ? 'att-table__absent' : ''}
              >
                <td>
                  {dayLabel(r.date, intl.locale)}
                  {r.corrections.length > 0 && (
                    <span
                      className="att-corrected"
                      title={r.corrections
                        .map((c) => t('attendance.corrected.badgeTitle', { by: c.by, reason: c.reason }))
                        .join('\n')}
                    >
                      {t('attendance.corrected.badge')}
                    </span>
                  )}
                </td>
                <td>{r.shiftStart ? `${timeIn(r.shiftStart, tz)}–${timeIn(r.shiftEnd, tz)}` : '—'}</td>
                <td>{timeIn(r.checkIn, tz)}</td>
                <td>
                  {r.open ? <span className="att-live">{t('attendance.status.working')}</span> : timeIn(r.checkOut, tz)}
                </td>
                <td>{hours(r.breakMin)}</td>
                <td className="att-table__num">{r.recordIds.length ? hours(r.workedMin, false) : '—'}</td>
                <td className={r.lateMin ? 'att-flag' : ''}>{hours(r.lateMin)}</td>
                <td className={r.earlyLeaveMin ? 'att-flag' : ''}>{hours(r.earlyLeaveMin)}</td>
                <td>{r.absent ? <span className="att-flag att-flag--bad">{t('attendance.report.yes')}</span> : ''}</td>
                {mayEdit && (
                  <td className="att-table__edit">
                    {r.recordIds.map((id) => (
                      <button
                        key={id}
                        type="button"
                        className="att-link"
                        data-record={id}
                        aria-label={t('attendance.edit.open', { date: dayLabel(r.date, intl.locale) })}
                        onClick={() => dispatch(timeLogEditRequested(id))}
                      >
                        {t('attendance.edit.button')}
                      </button>
                    ))}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {report && report.rows.length === 0 && <p className="att-empty">{t('attendance.report.noRows')}</p>}
        {reportLoading && !report && (
          <p className="att-empty" role="status">
            {t('common.loading')}
          </p>
        )}
      </div>
      <div className="att-export">
        <label>
          <span>{t('attendance.page.month')}</span>
          <input type="month" value={month} onChange={(e) => setMonth(e.target.value)} data-testid="att-month" />
        </label>
        <div className="att-export__buttons">
          {(own || mayExportOthers) && (
            <>
              <Button
                variant="secondary"
                busy={exporting === 'pdf'}
                data-testid="att-pdf"
                onClick={() => dispatch(exportRequested({ employeeId, month, format: 'pdf' }))}
              >
                {t('attendance.page.pdf')}
              </Button>
              <Button
                variant="secondary"
                busy={exporting === 'csv'}
                onClick={() => dispatch(exportRequested({ employeeId, month, format: 'csv' }))}
              >
                CSV
              </Button>
            </>
          )}
          {mayExportOthers && (
            <Button
              variant="secondary"
              data-testid="att-team-pdf"
              onClick={() => dispatch(exportRequested({ team: true, month, format: 'pdf' }))}
            >
              {t('attendance.page.teamPdf')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
