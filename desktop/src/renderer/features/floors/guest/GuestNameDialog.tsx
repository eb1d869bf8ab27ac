import type { MessageId } from '@tsudoi/common';
import { useState } from 'react';
import { useModalDialog, Button, TextField } from '@tsudoi/ui/controls';
import { useIntl } from 'react-intl';
import type { GuestEntryState } from './entry-slice';
import '@tsudoi/ui/controls/dialog.css';
import './guest.css';

export interface GuestNameDialogProps {
  open: boolean;
  floorTitle: string;
  /** Prefills the name (read once): the invited guest's, or the one used last time. */
  initialName: string;
  askPassword: boolean;
  busy: boolean;
  error: GuestEntryState['joinError'];
  onSubmit(name: string, password: string | undefined): void;
  onClose(): void;
}

/** The guest display-name dialog of the floor landing (spec §2), with the floor password when there is one. */
export function GuestNameDialog(props: GuestNameDialogProps) {
  const { open, floorTitle, initialName, askPassword, busy, error, onSubmit, onClose } = props;
  const intl = useIntl();
  const [name, setName] = useState(initialName);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const ref = useModalDialog(open, onClose);

  const nameError = missing ? t('validation.guestNameRequired') : error?.name;
  return (
    <dialog ref={ref} className="dialog guest-dialog" aria-labelledby="guest-dialog-title">
      {open && (
        <form
          className="dialog__body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (busy) return;
            if (!name.trim()) return setMissing(true);
            onSubmit(name.trim(), askPassword && password ? password : undefined);
          }}
        >
          <p className="guest-dialog__eyebrow">{floorTitle}</p>
          <h2 id="guest-dialog-title" className="dialog__title">
            {t('floors.guest.dialogTitle')}
          </h2>
          <p className="dialog__text">{t('floors.guest.dialogText')}</p>
          <TextField
            id="guest-name"
            label={t('floors.guest.name')}
            placeholder={t('floors.guest.namePlaceholder')}
            autoComplete="name"
            maxLength={100}
            autoFocus
            value={name}
            error={nameError}
            onChange={(event) => {
              setMissing(false);
              setName(event.target.value);
            }}
          />
          {askPassword && (
            <TextField
              id="guest-floor-password"
              type="password"
              label={t('floors.floorPassword.label')}
              autoComplete="off"
              maxLength={32}
              value={password}
              error={error?.password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
          {error?.form && !error.early && (
            <p className="guest-dialog__error" role="alert">
              {error.form}
            </p>
          )}
          {error?.form && error.early && (
            <div className="guest-dialog__early" data-visit-early="">
              <p className="guest-dialog__early-title" role="alert">
                {error.form}
              </p>
              <p className="guest-dialog__early-text" role="status">
                <span className="guest-dialog__early-dots" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
                {t('appointments.visit.earlyText')}
              </p>
            </div>
          )}
          <div className="dialog__actions">
            <Button type="button" variant="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('floors.guest.join')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
