import { PARTICIPANT_PERMISSIONS, type MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, ListDialog } from '@tsudoi/ui/controls';
import { participantsClosed, permissionToggled, selectParticipants } from '../slice';
import './participants.css';

/**
 * The host's participant list and permission editor (spec §3 Participant
 * permission flags, §6): one row per invited person, one switch per flag.
 * The host's own row is fixed. A change is saved at once and the server
 * applies it to the person's next move (room-permissions.ts).
 */
export function ParticipantsDialog() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectParticipants);
  const t = (id: MessageId) => intl.formatMessage({ id });

  const close = () => dispatch(participantsClosed());
  return (
    <ListDialog
      open={state.open}
      block="participants"
      title={t('participants.editor.title')}
      intro={t('participants.editor.intro')}
      error={state.error}
      loading={state.loading}
      spinner
      items={state.items}
      empty={t('participants.editor.empty')}
      renderItem={(p) => {
        const fixed = p.type === 'HOST';
        return (
          <li key={p.id} className="participants__row" data-participant={p.email}>
            <div className="participants__who">
              <span className="participants__avatar" style={{ background: p.avatarColor }} aria-hidden="true">
                {p.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="participants__name">
                <strong>{p.name}</strong>
                <small>{p.email}</small>
              </span>
              <span className={`participants__badge participants__badge--${p.type.toLowerCase()}`}>
                {t(`participants.editor.${p.type === 'HOST' ? 'host' : p.type === 'GUEST' ? 'guest' : 'employee'}`)}
              </span>
              <span className="participants__status">
                {t(p.status === 'participated' ? 'participants.editor.participated' : 'participants.editor.pending')}
              </span>
            </div>
            <div className="participants__flags" role="group" aria-label={p.name}>
              {PARTICIPANT_PERMISSIONS.map((permission) => (
                <label key={permission} className="participants__flag">
                  <input
                    type="checkbox"
                    checked={p.permissions[permission]}
                    disabled={fixed || state.saving !== null}
                    onChange={(event) =>
                      dispatch(permissionToggled({ id: p.id, permission, value: event.target.checked }))
                    }
                  />
                  <span>{t(`participants.permission.${permission}`)}</span>
                </label>
              ))}
            </div>
          </li>
        );
      }}
      onClose={close}
    >
      <div className="dialog__actions">
        <Button onClick={close}>{t('participants.editor.close')}</Button>
      </div>
    </ListDialog>
  );
}
