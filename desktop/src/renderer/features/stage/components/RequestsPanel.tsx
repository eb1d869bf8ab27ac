import { avatarColour, type MessageId, type PresentationDto } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar } from '@tsudoi/ui/controls';
import { selectLiveFloor } from '../../floors/live-slice';
import { admitRequested, denyRequested } from '../stage-slice';
import './requests.css';

/**
 * The host's live list of requests (spec §4 Presentation): people waiting
 * outside a private presentation and audience members asking to speak, each
 * admitted or denied in one click; people called to speak show until they answer.
 */
export function RequestsPanel({ presentation }: { presentation: PresentationDto }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const live = useAppSelector(selectLiveFloor);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const open = presentation.members.filter((m) => m.requested !== null || (m.called && m.role !== 'S'));
  return (
    <section className="stage-requests" aria-label={t('stage.requests.title')} data-count={open.length}>
      <h3 className="stage-requests__title">
        {t('stage.requests.title')}
        <span className="presentation__tab-count">{open.length}</span>
      </h3>
      {open.length === 0 ? (
        <p className="stage-requests__empty">{t('stage.requests.empty')}</p>
      ) : (
        <ul className="stage-requests__list">
          {open.map((m) => (
            <li key={m.userId} className="stage-requests__item" data-user-id={m.userId}>
              <Avatar
                name={m.name}
                imageUrl={live.users[m.userId]?.avatarImageUrl ?? null}
                color={avatarColour(m.name)}
                size={28}
              />
              <span className="stage-requests__who">
                <span className="stage-requests__name">{m.name}</span>
                <span className="stage-requests__what">
                  {t(
                    m.requested === 'S'
                      ? 'stage.requests.speak'
                      : m.requested === 'A'
                        ? 'stage.requests.enter'
                        : 'stage.requests.called',
                  )}
                </span>
              </span>
              {m.requested !== null && (
                <button
                  type="button"
                  className="stage-requests__admit"
                  onClick={() => dispatch(admitRequested(m.userId))}
                  aria-label={t('stage.requests.admitOf', { name: m.name })}
                >
                  {t('stage.requests.admit')}
                </button>
              )}
              <button
                type="button"
                className="stage-requests__deny"
                onClick={() => dispatch(denyRequested(m.userId))}
                aria-label={t('stage.requests.denyOf', { name: m.name })}
              >
                {t(m.requested !== null ? 'stage.requests.deny' : 'stage.requests.cancelCall')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
