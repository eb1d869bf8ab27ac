import type { MessageId } from '@tsudoi/common';
import { useId, useState } from 'react';
import { useModalDialog, Button, ConfirmDialog, TextField } from '@tsudoi/ui/controls';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  deleteRequested,
  editorChanged,
  editorClosed,
  extendRequested,
  guestRemoveRequested,
  saveRequested,
  selectAppointments,
} from '../slice';
import '@tsudoi/ui/controls/dialog.css';

/** Time zones offered for a guest; the browser's own zone is added when missing. */
const ZONES = [
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Shanghai',
  'Asia/Singapore',
  'Europe/London',
  'Europe/Paris',
  'America/New_York',
  'America/Los_Angeles',
  'Australia/Sydney',
];

/**
 * The booking popup (spec §2 "appointment popup by room type"): room, title,
 * date, start and end in Japan time, and an optional guest who gets the link
 * by e-mail (added to a booking without one; an existing booking's guest can
 * be removed, then another added). Server messages appear under their fields.
 */
export function AppointmentDialog() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const dispatch = useAppDispatch();
  const { editor, rooms, items, saving, fieldErrors, formError } = useAppSelector(selectAppointments);
  const titleId = useId();
  const open = editor !== null;
  // cancelling asks first: a guest is told by mail, their link stops working
  const [cancelling, setCancelling] = useState(false);

  const ref = useModalDialog(open, () => dispatch(editorClosed()));

  const existing = editor?.id ? items.find((a) => a.id === editor.id) : undefined;
  const readOnly = existing !== undefined && !existing.canEdit;
  // a booking's guest is fixed once set; its editor may take them off (then add another, register-participant)
  const guestFixed = existing !== undefined && existing.guest !== null;
  const guestRemovable = guestFixed && existing.canEdit && Date.parse(existing.endAt) > Date.now();
  const change = (patch: Parameters<typeof editorChanged>[0]) => dispatch(editorChanged(patch));
  const zones = [...new Set([...ZONES, Intl.DateTimeFormat().resolvedOptions().timeZone])];
  const err = (key: string) => fieldErrors[key];
  const timeError = err('startAt') ?? err('endAt');

  return (
    <dialog ref={ref} className="dialog appointment-dialog" aria-labelledby={titleId}>
      {editor && (
        <form
          className="dialog__body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly) dispatch(saveRequested());
          }}
        >
          <h2 className="dialog__title" id={titleId}>
            {t(editor.id ? 'appointments.edit' : 'appointments.new')}
          </h2>
          <p className="dialog__text">{t('appointments.japanTime')}</p>
          <fieldset className="appointment-dialog__fields" disabled={readOnly}>
            <div className="field">
              <label className="field__label" htmlFor={`${titleId}-room`}>
                {t('appointments.room')}
              </label>
              <div className={`field__control${err('roomId') ? ' field__control--invalid' : ''}`}>
                <select
                  id={`${titleId}-room`}
                  className="field__input"
                  value={editor.roomId ?? ''}
                  onChange={(e) => change({ roomId: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">{t('appointments.chooseRoom')}</option>
                  {rooms.map((r) => (
                    // a room the caller may not book is shown, not chosen (issue 25 §1: the room's flag decides)
                    <option key={r.id} value={r.id} disabled={r.mayBook === false && r.id !== editor.roomId}>
                      {r.mayBook === false ? t('appointments.roomNotYours', { name: r.name }) : r.name}
                    </option>
                  ))}
                </select>
              </div>
              {err('roomId') && (
                <p className="field__error" role="alert">
                  {err('roomId')}
                </p>
              )}
            </div>
            <TextField
              id={`${titleId}-title`}
              label={t('appointments.titleLabel')}
              value={editor.title}
              maxLength={100}
              error={err('title')}
              onChange={(e) => change({ title: e.target.value })}
            />
            <div className="appointment-dialog__times">
              <TextField
                id={`${titleId}-date`}
                type="date"
                label={t('appointments.date')}
                value={editor.date}
                onChange={(e) => change({ date: e.target.value })}
              />
              <TextField
                id={`${titleId}-start`}
                type="time"
                step={300}
                label={t('appointments.start')}
                value={editor.start}
                onChange={(e) => change({ start: e.target.value })}
              />
              <TextField
                id={`${titleId}-end`}
                type="time"
                step={300}
                label={t('appointments.end')}
                value={editor.end}
                onChange={(e) => change({ end: e.target.value })}
              />
            </div>
            {timeError && (
              <p className="field__error" role="alert">
                {timeError}
              </p>
            )}
            {(!guestFixed || editor.withGuest) && (
              <label className="appointment-dialog__check">
                <input
                  type="checkbox"
                  checked={editor.withGuest}
                  disabled={guestFixed}
                  onChange={(e) => change({ withGuest: e.target.checked })}
                />
                {t('appointments.withGuest')}
              </label>
            )}
            {editor.withGuest && (
              <div className="appointment-dialog__guest">
                <TextField
                  id={`${titleId}-gname`}
                  label={t('appointments.guestName')}
                  value={editor.guestName}
                  disabled={guestFixed}
                  error={err('guest.name')}
                  onChange={(e) => change({ guestName: e.target.value })}
                />
                {(!guestFixed || editor.guestEmail) && (
                  <TextField
                    id={`${titleId}-gmail`}
                    type="email"
                    label={t('appointments.guestEmail')}
                    value={editor.guestEmail}
                    disabled={guestFixed}
                    error={err('guest.email')}
                    onChange={(e) => change({ guestEmail: e.target.value })}
                  />
                )}
                <div className="field">
                  <label className="field__label" htmlFor={`${titleId}-zone`}>
                    {t('appointments.guestTimeZone')}
                  </label>
                  <div className="field__control">
                    <select
                      id={`${titleId}-zone`}
                      className="field__input"
                      value={editor.guestTimeZone}
                      disabled={guestFixed}
                      onChange={(e) => change({ guestTimeZone: e.target.value })}
                    >
                      <option value="">Asia/Tokyo</option>
                      {zones
                        .filter((z) => z !== 'Asia/Tokyo')
                        .map((z) => (
                          <option key={z} value={z}>
                            {z}
                          </option>
                        ))}
                    </select>
                  </div>
                </div>
                {guestRemovable && (
                  <Button
                    variant="secondary"
                    className="appointment-dialog__remove-guest"
                    busy={saving}
                    onClick={() => dispatch(guestRemoveRequested(existing.id))}
                  >
                    {t('appointments.removeGuest')}
                  </Button>
                )}
              </div>
            )}
          </fieldset>
          {formError && (
            <p className="appointment-dialog__error" role="alert">
              {formError}
            </p>
          )}
          <div className="dialog__actions appointment-dialog__actions">
            {existing?.canEdit && (
              <>
                <Button
                  variant="secondary"
                  className="appointment-dialog__danger"
                  busy={saving}
                  onClick={() => setCancelling(true)}
                >
                  {t('appointments.deleteBooking')}
                </Button>
                <Button variant="secondary" busy={saving} onClick={() => dispatch(extendRequested(existing.id))}>
                  {t('appointments.extend', { minutes: existing.extendTime })}
                </Button>
              </>
            )}
            <span className="appointment-dialog__spacer" />
            <Button variant="secondary" onClick={() => dispatch(editorClosed())}>
              {t('appointments.close')}
            </Button>
            {!readOnly && (
              <Button type="submit" busy={saving}>
                {t('appointments.save')}
              </Button>
            )}
          </div>
        </form>
      )}
      <ConfirmDialog
        open={cancelling && existing !== undefined}
        title={t('appointments.cancelConfirm.title')}
        confirmLabel={t('appointments.deleteBooking')}
        cancelLabel={t('appointments.cancelConfirm.keep')}
        danger
        busy={saving}
        onCancel={() => setCancelling(false)}
        onConfirm={() => {
          setCancelling(false);
          if (existing) dispatch(deleteRequested(existing.id));
        }}
      >
        {existing?.guest
          ? t('appointments.cancelConfirm.guest', { name: existing.guest.name })
          : t('appointments.cancelConfirm.plain')}
      </ConfirmDialog>
    </dialog>
  );
}
