import type { MessageId } from '@tsudoi/common';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, TextField, useModalDialog } from '@tsudoi/ui/controls';
import { floorPasswordCancelled, floorPasswordSubmitted, selectFloorPasswordPrompt } from './entry-slice';
import '@tsudoi/ui/controls/dialog.css';
import './guest.css';

/**
 * The floor password prompt of the live page: a member entering a floor that
 * has a password (hosts, subhosts and guest sessions are not asked). Cancel
 * leaves the live page.
 */
export function FloorPasswordDialog({ floorId }: { floorId: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const prompt = useAppSelector(selectFloorPasswordPrompt);
  const [password, setPassword] = useState('');
  const t = (id: MessageId) => intl.formatMessage({ id });
  const open = prompt !== null && prompt.floorId === floorId;
  const ref = useModalDialog(open, () => dispatch(floorPasswordCancelled()));

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="floor-password-title">
      {open && (
        <form
          className="dialog__body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (prompt.busy || !password) return;
            dispatch(floorPasswordSubmitted(password));
            setPassword('');
          }}
        >
          <div className="floor-password__icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2">
              <rect x="5" y="11" width="14" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" strokeLinecap="round" />
            </svg>
          </div>
          <h2 id="floor-password-title" className="dialog__title">
            {t('floors.floorPassword.title')}
          </h2>
          <p className="dialog__text">{t('floors.floorPassword.text')}</p>
          <TextField
            id="floor-password-input"
            type="password"
            label={t('floors.floorPassword.label')}
            autoComplete="off"
            maxLength={32}
            autoFocus
            value={password}
            error={prompt.error ?? undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="dialog__actions">
            <Button type="button" variant="secondary" onClick={() => dispatch(floorPasswordCancelled())}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={prompt.busy}>
              {t('floors.floorPassword.submit')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
