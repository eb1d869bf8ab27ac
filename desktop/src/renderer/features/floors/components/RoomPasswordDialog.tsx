import type { MessageId } from '@tsudoi/common';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, TextField, useModalDialog } from '@tsudoi/ui/controls';
import '@tsudoi/ui/controls/dialog.css';
import './live-room-popup.css';

export interface RoomPasswordDialogProps {
  /** The locked room asked for; null keeps the dialog closed. */
  roomName: string | null;
  /** Why the last password was refused (wrong, or too many tries). */
  error: string | null;
  busy: boolean;
  onSubmit(password: string): void;
  onCancel(): void;
}

/** The password prompt of a locked room (spec §4): six digits, the server's refusal shown on the field. */
export function RoomPasswordDialog({ roomName, error, busy, onSubmit, onCancel }: RoomPasswordDialogProps) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const cancel = () => {
    setPassword('');
    onCancel();
  };
  const ref = useModalDialog(roomName !== null, cancel);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="room-password-title">
      {roomName !== null && (
        <form
          className="dialog__body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (busy || !password) return;
            onSubmit(password);
            setPassword('');
          }}
        >
          <h2 id="room-password-title" className="dialog__title">
            {t('floors.password.title', { name: roomName })}
          </h2>
          <p className="dialog__text room-password__text">{t('floors.password.text')}</p>
          <TextField
            id="room-password-input"
            label={t('floors.password.label')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={32}
            autoFocus
            value={password}
            error={error ?? undefined}
            onChange={(event) => setPassword(event.target.value.trim())}
          />
          <div className="dialog__actions">
            <Button type="button" variant="secondary" onClick={cancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('floors.password.submit')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
