import { useId, useState, type FormEvent } from 'react';
import { useModalDialog, Button } from '@tsudoi/ui/controls';
import { useIntl } from 'react-intl';
import {
  CORRECTION_REASON_MAX,
  localDate,
  localTime,
  MAX_SHIFT_BREAKS,
  type MessageId,
  type TimeLogDto,
} from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAttendance, timeLogEditOpened, timeLogSaveRequested } from '../slice';
import '@tsudoi/ui/controls/dialog.css';
import './time-log-edit.css';

type Break = { start: string; end: string };

/**
 * Correcting a time log (spec §6 "edit all attendance"): check-in, check-out
 * (empty while still at work) and breaks as wall-clock times in the company
 * zone; the server's rule messages show under each field.
 */
export function TimeLogEditDialog({ name }: { name: string }) {
  const dispatch = useAppDispatch();
  const { editing } = useAppSelector(selectAttendance);
  const titleId = useId();
  const ref = useModalDialog(editing !== null, () => dispatch(timeLogEditOpened(null)));
  return (
    <dialog ref={ref} className="dialog att-dialog att-edit" aria-labelledby={titleId}>
      {editing && <EditForm key={editing.id} log={editing} name={name} titleId={titleId} />}
    </dialog>
  );
}

/** The form of one record, its fields starting from the record's times in the company zone. */
function EditForm({ log, name, titleId }: { log: TimeLogDto; name: string; titleId: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id: id as MessageId }, v);
  const dispatch = useAppDispatch();
  const { editSaving, editErrors, me } = useAppSelector(selectAttendance);
  const tz = me?.timeZone ?? 'Asia/Tokyo';
  const at = (iso: string) => localTime(new Date(iso), tz);
  const [date, setDate] = useState(() => localDate(new Date(log.checkInAt), tz));
  const [checkIn, setCheckIn] = useState(() => at(log.checkInAt));
  const [checkOut, setCheckOut] = useState(() => (log.checkOutAt ? at(log.checkOutAt) : ''));
  const [breaks, setBreaks] = useState<Break[]>(() =>
    log.breaks.map((b) => ({ start: at(b.start), end: b.end ? at(b.end) : '' })),
  );
  const [reason, setReason] = useState('');
  const close = () => dispatch(timeLogEditOpened(null));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editSaving) return;
    dispatch(
      timeLogSaveRequested({
        id: log.id,
        body: {
          reason,
          date,
          checkInTime: checkIn,
          checkOutTime: checkOut || null,
          breaks: breaks.map((b) => ({ start: b.start, end: b.end || null })),
        },
      }),
    );
  };
  const error = (key: string) =>
    editErrors[key] ? (
      <p className="field__error" role="alert">
        {editErrors[key]}
      </p>
    ) : null;
  const setBreak = (i: number, patch: Partial<Break>) =>
    setBreaks(breaks.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <form className="dialog__body form-stack" onSubmit={submit} noValidate>
      <div>
        <h2 id={titleId} className="dialog__title">
          {t('attendance.edit.title')}
        </h2>
        <p className="card__note">{t('attendance.edit.subtitle', { name, zone: tz })}</p>
      </div>
      <div className="att-edit__grid">
        <label className="att-edit__field">
          <span>{t('attendance.edit.date')}</span>
          <input type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-invalid={!!editErrors.date} />
          {error('date')}
        </label>
        <label className="att-edit__field">
          <span>{t('attendance.report.checkIn')}</span>
          <input
            type="time"
            value={checkIn}
            onChange={(e) => setCheckIn(e.target.value)}
            aria-invalid={!!editErrors.checkInTime}
          />
          {error('checkInTime')}
        </label>
        <label className="att-edit__field">
          <span>{t('attendance.report.checkOut')}</span>
          <input
            type="time"
            value={checkOut}
            onChange={(e) => setCheckOut(e.target.value)}
            aria-invalid={!!editErrors.checkOutTime}
          />
          <small className="card__note">{t('attendance.edit.checkOutHint')}</small>
          {error('checkOutTime')}
        </label>
      </div>
      <fieldset className="att-edit__breaks">
        <legend>{t('attendance.report.break')}</legend>
        {breaks.map((b, i) => (
          <div key={i} className="att-edit__break">
            <input
              type="time"
              aria-label={t('attendance.edit.breakStart', { n: i + 1 })}
              value={b.start}
              onChange={(e) => setBreak(i, { start: e.target.value })}
              aria-invalid={!!editErrors[`breaks.${i}`]}
            />
            <span aria-hidden="true">–</span>
            <input
              type="time"
              aria-label={t('attendance.edit.breakEnd', { n: i + 1 })}
              value={b.end}
              onChange={(e) => setBreak(i, { end: e.target.value })}
              aria-invalid={!!editErrors[`breaks.${i}.end`]}
            />
            <button type="button" className="att-link" onClick={() => setBreaks(breaks.filter((_, j) => j !== i))}>
              {t('attendance.edit.removeBreak')}
            </button>
            {error(`breaks.${i}`)}
            {error(`breaks.${i}.end`)}
          </div>
        ))}
        {breaks.length < MAX_SHIFT_BREAKS && (
          <button
            type="button"
            className="att-link"
            onClick={() => setBreaks([...breaks, { start: '12:00', end: '13:00' }])}
          >
            {t('attendance.edit.addBreak')}
          </button>
        )}
      </fieldset>
      <label className="att-edit__field att-edit__reason">
        <span>{t('attendance.edit.reason')}</span>
        <textarea
          value={reason}
          rows={2}
          maxLength={CORRECTION_REASON_MAX}
          required
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={!!editErrors.reason}
        />
        <small className="card__note">{t('attendance.edit.reasonHint')}</small>
        {error('reason')}
      </label>
      {log.correction && (
        <p className="card__note att-edit__history">
          {t('attendance.edit.lastCorrection', {
            by: log.correction.by,
            date: localDate(new Date(log.correction.at), tz),
            reason: log.correction.reason,
          })}
        </p>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={editSaving}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
