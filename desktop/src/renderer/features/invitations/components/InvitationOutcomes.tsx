import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { type InvitationCheck, type UserDto, type MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { logoutRequested } from '../../auth';
import { Button, buttonClassName } from '@tsudoi/ui/controls';
import type { InvitationOutcome } from '../outcome';
import { invitationAcceptRequested, selectInvitations } from '../slice';
import { OutcomeCard } from './OutcomeCard';

const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** A signed-out visitor: who invited them where, and the way in (sign up with the address, or sign in). */
export function GuestInvitation(props: {
  id: number;
  email: string;
  check: InvitationCheck | null;
  outcome: InvitationOutcome | null;
}) {
  const intl = useIntl();
  const { email, check, outcome } = props;
  const t = (id: MessageId, values?: Record<string, unknown>) => intl.formatMessage({ id }, values as never);
  if (!check || outcome === 'invalid') return <InvalidCard signedIn={false} />;
  if (check.status !== 'valid') {
    const expired = check.status === 'expired';
    return (
      <OutcomeCard
        tone="warning"
        outcome={expired ? 'expired' : 'used'}
        title={t(expired ? 'invitations.outcome.expiredTitle' : 'invitations.outcome.usedTitle')}
        actions={
          <Link className={buttonClassName('primary', true)} to="/login">
            {t('invitations.action.signIn')}
          </Link>
        }
      >
        <p>{t(expired ? 'errors.EXPIRED_INVITATION_URL' : 'invitations.outcome.usedText')}</p>
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard
      tone="info"
      outcome="guest"
      title={t('invitations.guest.title', { company: check.companyName })}
      actions={
        <>
          <Link className={buttonClassName('primary', true)} to={`/signup?email=${encodeURIComponent(email)}`}>
            {t('invitations.action.signUp')}
          </Link>
          <Link className={buttonClassName('secondary', true)} to="/login">
            {t('invitations.action.signIn')}
          </Link>
        </>
      }
    >
      <p>{t('invitations.guest.text', { email: check.email, b: bold })}</p>
    </OutcomeCard>
  );
}

/** A signed-in, verified user: accept, then joined; or why not. */
export function MemberInvitation(props: {
  id: number;
  user: UserDto;
  check: InvitationCheck | null;
  outcome: InvitationOutcome;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { accepting } = useAppSelector(selectInvitations);
  const { id, user, check, outcome } = props;
  const t = (key: MessageId, values?: Record<string, unknown>) => intl.formatMessage({ id: key }, values as never);
  const company = check?.companyName ?? '';
  const teamLink = (
    <Link className={buttonClassName('primary', true)} to="/profile/company/edit">
      {t('invitations.action.team')}
    </Link>
  );

  switch (outcome) {
    case 'ready':
      return (
        <OutcomeCard
          tone="info"
          outcome="ready"
          title={t('invitations.ready.title', { company })}
          actions={
            <Button block busy={accepting} onClick={() => accepting || dispatch(invitationAcceptRequested(id))}>
              {t('invitations.action.accept')}
            </Button>
          }
        >
          <p>{t('invitations.ready.text', { company, email: user.email, b: bold })}</p>
        </OutcomeCard>
      );
    case 'joined':
      return (
        <OutcomeCard
          tone="success"
          outcome="joined"
          title={t('invitations.joined.title', { company })}
          actions={teamLink}
        >
          <p>{t('invitations.joined.text')}</p>
        </OutcomeCard>
      );
    case 'alreadyJoined':
      return (
        <OutcomeCard
          tone="warning"
          outcome="alreadyJoined"
          title={t('invitations.outcome.joinedTitle')}
          actions={teamLink}
        >
          <p>{t('errors.ALREADY_JOINED_COMPANY')}</p>
        </OutcomeCard>
      );
    case 'expired':
      return (
        <OutcomeCard
          tone="warning"
          outcome="expired"
          title={t('invitations.outcome.expiredTitle')}
          actions={<ProfileLink />}
        >
          <p>{t('errors.EXPIRED_INVITATION_URL')}</p>
          <p>{t('invitations.outcome.expiredHint')}</p>
        </OutcomeCard>
      );
    case 'mismatch':
      return (
        <OutcomeCard
          tone="warning"
          outcome="mismatch"
          title={t('invitations.outcome.mismatchTitle')}
          actions={
            <Button block onClick={() => dispatch(logoutRequested())}>
              {t('invitations.action.logout')}
            </Button>
          }
        >
          <p>{t('errors.INVITATION_ACCOUNT_MISMATCH')}</p>
          <dl className="invitation-card__facts">
            <dt>{t('invitations.outcome.invited')}</dt>
            <dd>{check?.email}</dd>
            <dt>{t('invitations.outcome.signedInAs')}</dt>
            <dd>{user.email}</dd>
          </dl>
        </OutcomeCard>
      );
    default:
      return <InvalidCard signedIn />;
  }
}

function ProfileLink() {
  const intl = useIntl();
  return (
    <Link className={buttonClassName('secondary', true)} to="/profile">
      {intl.formatMessage({ id: 'invitations.action.profile' })}
    </Link>
  );
}

function InvalidCard({ signedIn }: { signedIn: boolean }) {
  const intl = useIntl();
  return (
    <OutcomeCard
      tone="warning"
      outcome="invalid"
      title={intl.formatMessage({ id: 'invitations.outcome.invalidTitle' })}
      actions={
        signedIn ? (
          <ProfileLink />
        ) : (
          <Link className={buttonClassName('primary', true)} to="/login">
            {intl.formatMessage({ id: 'invitations.action.signIn' })}
          </Link>
        )
      }
    >
      <p>{intl.formatMessage({ id: 'invitations.outcome.invalidText' })}</p>
    </OutcomeCard>
  );
}
