import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  localDate,
  localTime,
  MAX_REPEAT_WEEKS,
  MAX_SHIFT_BREAKS,
  type ShiftDto,
  type TeamStatusDto,
  type MessageId,
} from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '@tsudoi/ui/controls';
import { selectAttendance, shiftDeleteRequested, shiftErrorsCleared, shiftSaveRequested } from '../slice';
import '@tsudoi/ui/controls/dialog.css';

export type ShiftDraft = { kind: 'create'; employeeIds: number[]; date: string } | { kind: 'edit'; shift: ShiftDto };

interface Props {
  draft: ShiftDraft | null;
  people: TeamStatusDto[];
  timeZone: string;
  onClose(): void;
}

/** Create (one or many employees, repeated weekly) or edit a shift; the server's rule messages show by field. */
export function ShiftDialog({ draft, people, timeZone, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id: id as MessageId }, v);
  const dispatch = useAppDispatch();
  const { shiftSaving, shiftErrors, shiftSaves } = useAppSelector(selectAttendance);
  const ref = useRef<HTMLDialogElement>(null);
  const saves = useRef(shiftSaves);
  const [employeeIds, setEmployeeIds] = useState<number[]>([]);
  const [date, setDate] = useState('');
  const [startTime, setStart] = useState('09:00');
  const [endTime, setEnd] = useState('18:00');
  const [breaks, setBreaks] = useState<{ start: string; end: string }[]>([]);
  const [repeatWeeks, setRepeat] = useState(0);
  const [title, setTitle] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dispatch(shiftErrorsCleared());
    saves.current = shiftSaves;
    if (draft?.kind === 'create') {
      setEmployeeIds(draft.employeeIds);
      setDate(draft.date);
      setStart('09:00');
      setEnd('18:00');
      setBreaks([{ start: '12:00', end: '13:00' }]);
      setRepeat(0);
      setTitle('');
    } else if (draft?.kind === 'edit') {
      const s = draft.shift;
      setEmployeeIds([s.userId]);
      setDate(localDate(new Date(s.start), timeZone));
      setStart(localTime(new Date(s.start), timeZone));
      setEnd(localTime(new Date(s.end), timeZone));
      setBreaks(
        s.breaks.map((b) => ({
          start: localTime(new Date(b.start), timeZone),
          end: localTime(new Date(b.end), timeZone),
        })),
      );
      setTitle(s.title ?? '');
    }
    if (draft && !dialog.open) dialog.showModal();
    if (!draft && dialog.open) dialog.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new draft resets the form
  }, [draft]);

  // a save went through: the dialog closes
  useEffect(() => {
    if (draft && shiftSaves !== saves.current) onClose();
  }, [shiftSaves, draft, onClose]);

  const error = (key: string) => shiftErrors[key];
  const submit = () => {
    const body = { date, startTime, endTime, breaks, title: title || null };
    if (draft?.kind === 'edit') dispatch(shiftSaveRequested({ id: draft.shift.id, body }));
    else dispatch(shiftSaveRequested({ id: null, body: { ...body, employeeIds, repeatWeeks } }));
  };
  const overnight = endTime < startTime;
  return (
    <dialog
      ref={ref}
      className="dialog att-dialog"
      aria-labelledby="att-shift-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form
        className="dialog__body form-stack"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 className="dialog__title" id="att-shift-title">
          {t(draft?.kind === 'edit' ? 'attendance.shifts.edit' : 'attendance.shifts.create')}
        </h2>
        {draft?.kind === 'create' && (
          <fieldset className="att-field">
            <legend>{t('attendance.shifts.employees')}</legend>
            <div className="att-people">
              {people.map((p) => (
                <label key={p.userId} className="att-check">
                  <input
                    type="checkbox"
                    checked={employeeIds.includes(p.userId)}
                    onChange={(e) =>
                      setEmployeeIds(
                        e.target.checked ? [...employeeIds, p.userId] : employeeIds.filter((i) => i !== p.userId),
                      )
                    }
                  />
                  {p.name}
                </label>
              ))}
            </div>
            {error('employeeIds') && <p className="field__error">{error('employeeIds')}</p>}
          </fieldset>
        )}
        <div className="att-row">
          <label className="att-field">
            <span>{t('attendance.report.date')}</span>
            <input type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          <label className="att-field">
            <span>{t('attendance.shifts.start')}</span>
            <input type="time" required value={startTime} onChange={(e) => setStart(e.target.value)} />
          </label>
          <label className="att-field">
            <span>
              {t('attendance.shifts.end')}{' '}
              {overnight && <small className="att-next-day">{t('attendance.shifts.nextDay')}</small>}
            </span>
            <input
              type="time"
              required
              value={endTime}
              onChange={(e) => setEnd(e.target.value)}
              aria-invalid={!!error('end')}
            />
          </label>
        </div>
        {error('end') && (
          <p className="field__error" role="alert">
            {error('end')}
          </p>
        )}
        <fieldset className="att-field">
          <legend>{t('attendance.report.break')}</legend>
          {breaks.map((b, i) => (
            <div key={i} className="att-break">
              <input
                type="time"
                aria-label={t('attendance.shifts.breakStart', { n: i + 1 })}
                value={b.start}
                onChange={(e) => setBreaks(breaks.map((x, k) => (k === i ? { ...x, start: e.target.value } : x)))}
              />
              <span aria-hidden="true">–</span>
              <input
                type="time"
                aria-label={t('attendance.shifts.breakEnd', { n: i + 1 })}
                value={b.end}
                onChange={(e) => setBreaks(breaks.map((x, k) => (k === i ? { ...x, end: e.target.value } : x)))}
              />
              <button type="button" className="att-link" onClick={() => setBreaks(breaks.filter((_, k) => k !== i))}>
                {t('attendance.shifts.removeBreak')}
              </button>
              {(error(`breaks.${i}`) || error(`breaks.${i}.end`)) && (
                <p className="field__error att-break__error" role="alert">
                  {error(`breaks.${i}`) ?? error(`breaks.${i}.end`)}
                </p>
              )}
            </div>
          ))}
          {breaks.length < MAX_SHIFT_BREAKS && (
            <button
              type="button"
              className="att-link"
              onClick={() => setBreaks([...breaks, { start: '15:00', end: '15:15' }])}
            >
              {t('attendance.shifts.addBreak')}
            </button>
          )}
        </fieldset>
        <div className="att-row">
          <label className="att-field">
            <span>{t('attendance.shifts.titleLabel')}</span>
            <input type="text" maxLength={50} value={title} onChange={(e) => setTitle(e.target.value)} />
          </label>
          {draft?.kind === 'create' && (
            <label className="att-field">
              <span>{t('attendance.shifts.repeat')}</span>
              <select value={repeatWeeks} onChange={(e) => setRepeat(Number(e.target.value))}>
                {Array.from({ length: MAX_REPEAT_WEEKS + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n === 0 ? t('attendance.shifts.noRepeat') : t('attendance.shifts.weeks', { n })}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <div className="form-actions">
          {draft?.kind === 'edit' && (
            <Button
              variant="secondary"
              className="att-danger"
              onClick={() => dispatch(shiftDeleteRequested(draft.shift.id))}
            >
              {t('attendance.shifts.delete')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={shiftSaving}>
            {t('attendance.shifts.save')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
