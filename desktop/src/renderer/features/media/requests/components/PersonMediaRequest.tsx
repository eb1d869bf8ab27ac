import { MEDIA_SOURCES, type FloorUserDto, type MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { selectMedia } from '../../media-slice';
import { askKey, mediaRequestAsked, mediaRequestCancelRequested, selectMediaRequests } from '../requests-slice';
import { DeviceIcon } from './DeviceIcon';
import './requests.css';

export interface PersonMediaRequestProps {
  person: FloorUserDto;
  /** Host or subhost: may ask anyone on the floor; others only someone in their own room. */
  canManage: boolean;
  sameRoom: boolean;
}

/**
 * "Ask to unmute / turn on camera / share screen" in a person's popup on
 * the floor map. A request waiting for its answer shows as such (and may be
 * cancelled); a declined one is marked and may be asked again.
 */
export function PersonMediaRequest({ person, canManage, sameRoom }: PersonMediaRequestProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { pending, denied, asking, busy } = useAppSelector(selectMediaRequests);
  const remote = useAppSelector((state) => selectMedia(state).remote);
  const t = (id: MessageId) => intl.formatMessage({ id });
  if (!person.connected || (!canManage && !sameRoom)) return null;

  return (
    <div className="person-media" role="group" aria-label={t('media.request.list')}>
      {MEDIA_SOURCES.map((device) => {
        const waiting = pending.find((r) => r.receiverId === person.userId && r.deviceType === device);
        const declined = denied.some((d) => d.receiverId === person.userId && d.deviceType === device);
        const sending = asking === askKey(person.userId, device);
        // what I receive of them (same room): a device already on needs no asking
        const on = remote.some((r) => r.userId === person.userId && r.source === device);
        if (waiting)
          return (
            <button
              key={device}
              type="button"
              className="person-media__ask person-media__ask--waiting"
              data-ask={device}
              aria-busy={busy === waiting.id}
              onClick={() => busy === waiting.id || dispatch(mediaRequestCancelRequested(waiting.id))}
            >
              <span className="live__pulse" aria-hidden="true" />
              <span className="person-media__label">{t(`media.request.ask.${device}`)}</span>
              <span className="person-media__state">{t('media.request.cancel')}</span>
            </button>
          );
        return (
          <button
            key={device}
            type="button"
            className="person-media__ask"
            data-ask={device}
            aria-busy={sending}
            disabled={sending || on}
            onClick={() => dispatch(mediaRequestAsked({ receiverId: person.userId, deviceType: device }))}
          >
            <DeviceIcon device={device} size={16} />
            <span className="person-media__label">{t(`media.request.ask.${device}`)}</span>
            {on ? (
              <span className="person-media__on">{t('media.request.alreadyOn')}</span>
            ) : (
              declined && <span className="person-media__denied">{t('media.request.deniedBadge')}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
