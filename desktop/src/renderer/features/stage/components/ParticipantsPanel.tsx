import { avatarColour, type MessageId, type PresentationDto } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar } from '@tsudoi/ui/controls';
import { selectLiveFloor } from '../../floors/live-slice';
import { callRequested, demoteRequested, removeRequested, viewRequested } from '../stage-slice';

/** Who is in the presentation: speakers first, then the audience; its host may remove someone. */
export function ParticipantsPanel({ presentation, canRemove }: { presentation: PresentationDto; canRemove: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const live = useAppSelector(selectLiveFloor);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const ordered = presentation.members
    .filter((m) => m.role !== 'W')
    .sort((a, b) => (a.role === b.role ? a.name.localeCompare(b.name) : a.role === 'S' ? -1 : 1));
  return (
    <div role="tabpanel" aria-label={t('stage.people.title')}>
      {canRemove && (
        <label className="stage-people__show-all">
          <input
            type="checkbox"
            checked={presentation.showParticipants}
            onChange={(e) => dispatch(viewRequested({ showParticipants: e.target.checked }))}
          />
          {t('stage.people.showAll')}
        </label>
      )}
      <ul className="stage-people">
        {ordered.map((m) => (
          <li key={m.userId} className="stage-people__item" data-user-id={m.userId}>
            <Avatar
              name={m.name}
              imageUrl={live.users[m.userId]?.avatarImageUrl ?? null}
              color={avatarColour(m.name)}
              size={32}
            />
            <span className="stage-people__name">
              {m.userId === live.me?.userId ? t('media.tile.you', { name: m.name }) : m.name}
            </span>
            <span className={`stage-people__role stage-people__role--${m.role}`}>
              {t(
                m.userId === presentation.host.id
                  ? 'stage.role.host'
                  : m.role === 'S'
                    ? 'stage.role.S'
                    : 'stage.role.A',
              )}
            </span>
            {/* offered only for someone the server would let speak (their permission for this kind) */}
            {canRemove && m.role === 'A' && !m.called && m.maySpeak === true && (
              <button
                type="button"
                className="stage-people__call"
                onClick={() => dispatch(callRequested(m.userId))}
                aria-label={t('stage.people.callOf', { name: m.name })}
              >
                {t('stage.people.call')}
              </button>
            )}
            {canRemove && m.role === 'S' && m.userId !== presentation.host.id && (
              <button
                type="button"
                className="stage-people__call"
                onClick={() => dispatch(demoteRequested(m.userId))}
                aria-label={t('stage.people.demoteOf', { name: m.name })}
              >
                {t('stage.people.demote')}
              </button>
            )}
            {canRemove && m.userId !== live.me?.userId && (
              <button
                type="button"
                className="stage-people__remove"
                onClick={() => dispatch(removeRequested(m.userId))}
                aria-label={t('stage.people.removeOf', { name: m.name, kind: presentation.kind })}
              >
                {t('stage.people.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
