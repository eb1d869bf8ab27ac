import type { MessageId, ParticipantDto } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { Avatar } from '@tsudoi/ui/controls';

/**
 * The edit wizard's list of who is invited already (GET /floors/{id}/participants,
 * the host left out): name, e-mail, guest or team member, invited or joined.
 */
export function InvitedList({ invited, failed }: { invited: ParticipantDto[] | null; failed: boolean }) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <section className="invited" aria-labelledby="invited-title">
      <h3 id="invited-title" className="invited__title">
        {t('floors.invite.invitedTitle', { count: invited?.length ?? 0 })}
      </h3>
      {failed ? (
        <p className="wizard__hint" role="alert">
          {t('floors.invite.invitedFailed')}
        </p>
      ) : invited === null ? (
        <p className="wizard__loading" role="status">
          <span className="button__spinner" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : invited.length === 0 ? (
        <p className="wizard__empty">{t('floors.invite.invitedNone')}</p>
      ) : (
        <ul className="member-pick invited__list">
          {invited.map((person) => (
            <li key={person.id} className="member-pick__row invited__row" data-participant={person.id}>
              <Avatar name={person.name || person.email} imageUrl={null} color={person.avatarColor} size={36} />
              <span className="member-pick__who">
                <span className="member-pick__name">{person.name || person.email}</span>
                {person.email && person.name && <span className="member-pick__email">{person.email}</span>}
              </span>
              <span className="invited__badges">
                <span className="badge">
                  {t(person.type === 'EMPLOYEE' ? 'floors.invite.tab.member' : 'floors.invite.tab.guest')}
                </span>
                <span className={`badge${person.status === 'participated' ? ' badge--accent' : ''}`}>
                  {t(`floors.invite.status.${person.status}`)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
