import { InCorner } from '../../../floors/components/LiveCorner';
import { avatarColour, type MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { Avatar, Button, CloseIcon } from '@tsudoi/ui/controls';
import { selectLiveFloor } from '../../../floors/live-slice';
import {
  mediaNoticeDismissed,
  mediaRequestAnswerRequested,
  mediaRequestCancelRequested,
  selectMediaRequests,
} from '../requests-slice';
import { DeviceIcon } from './DeviceIcon';
import '../../../floors/components/invitations.css';
import './requests.css';

/**
 * The floating media request cards (spec §4): for the receiver, who asks to
 * turn on which device, with allow and deny; for the requester, the request
 * waiting for its answer, which they may cancel; and short notices (the host
 * turned my device off, my request was allowed or declined).
 */
export function MediaRequestCards() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { received, pending, notices, busy } = useAppSelector(selectMediaRequests);
  const users = useAppSelector((state) => selectLiveFloor(state).users);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const nameOf = (userId: number | undefined) =>
    (userId !== undefined && users[userId]?.name) || t('media.request.someone');
  if (received.length + pending.length + notices.length === 0) return null;

  return (
    <InCorner>
      <div className="media-request-stack">
        {notices.map((notice) => (
          <section
            key={notice.id}
            className={`media-notice-card media-notice-card--${notice.kind}`}
            role="status"
            data-notice={notice.kind}
          >
            <span className="media-notice-card__icon">
              <DeviceIcon device={notice.deviceType} off={notice.kind !== 'allowed'} />
            </span>
            <p className="media-notice-card__text">
              {notice.kind === 'hostOff'
                ? t(`media.notice.hostOff.${notice.deviceType}`)
                : t(notice.kind === 'allowed' ? 'media.request.allowed' : 'media.request.denied', {
                    name: nameOf(notice.userId),
                  })}
            </p>
            <button
              type="button"
              className="media-notice-card__close"
              aria-label={t('common.notification.close')}
              onClick={() => dispatch(mediaNoticeDismissed(notice.id))}
            >
              <CloseIcon />
            </button>
          </section>
        ))}
        {received.map((request) => {
          const from = nameOf(request.requesterId);
          const titleId = `media-request-${request.id}`;
          const answering = busy === request.id;
          return (
            <section
              key={request.id}
              className="invite-card invite-card--received media-request-card"
              role="alertdialog"
              aria-labelledby={titleId}
              aria-describedby={`${titleId}-text`}
              data-media-request={request.deviceType}
            >
              <div className="invite-card__main">
                <span className="invite-card__avatar">
                  <Avatar
                    name={from}
                    imageUrl={users[request.requesterId]?.avatarImageUrl ?? null}
                    color={avatarColour(from)}
                    size={44}
                  />
                  <span className="invite-card__badge" aria-hidden="true">
                    <DeviceIcon device={request.deviceType} size={12} />
                  </span>
                </span>
                <div className="invite-card__copy">
                  <p className="invite-card__eyebrow">
                    <span>{t('media.request.list')}</span>
                  </p>
                  <h2 id={titleId} className="invite-card__title">
                    {t('media.request.card.title', { name: from })}
                  </h2>
                  <p id={`${titleId}-text`} className="invite-card__text">
                    {t(`media.request.card.${request.deviceType}`, { name: from })}
                  </p>
                </div>
              </div>
              <div className="invite-card__actions">
                <Button
                  variant="secondary"
                  onClick={() => answering || dispatch(mediaRequestAnswerRequested({ id: request.id, allow: false }))}
                >
                  {t('media.request.deny')}
                </Button>
                <Button
                  busy={answering}
                  onClick={() => answering || dispatch(mediaRequestAnswerRequested({ id: request.id, allow: true }))}
                >
                  <DeviceIcon device={request.deviceType} size={16} />
                  {t('media.request.allow')}
                </Button>
              </div>
            </section>
          );
        })}
        {pending.map((request) => {
          const name = nameOf(request.receiverId);
          return (
            <section
              key={request.id}
              className="invite-card invite-card--sent media-request-card"
              role="status"
              data-media-request-sent={request.deviceType}
            >
              <div className="invite-card__main">
                <span className="invite-card__avatar invite-card__avatar--waiting">
                  <Avatar
                    name={name}
                    imageUrl={users[request.receiverId]?.avatarImageUrl ?? null}
                    color={avatarColour(name)}
                    size={36}
                  />
                </span>
                <div className="invite-card__copy">
                  <h2 className="invite-card__title">{t(`media.request.ask.${request.deviceType}`)}</h2>
                  <p className="invite-card__text">
                    {t('media.request.sent', { name })} {t('media.request.pending')}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  className="invite-card__cancel"
                  busy={busy === request.id}
                  onClick={() => busy === request.id || dispatch(mediaRequestCancelRequested(request.id))}
                >
                  {t('media.request.cancel')}
                </Button>
              </div>
            </section>
          );
        })}
      </div>
    </InCorner>
  );
}
