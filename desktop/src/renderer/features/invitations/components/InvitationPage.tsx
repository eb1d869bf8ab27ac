import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useParams, useSearchParams } from 'react-router';
import wordmark from '@resources/brand/wordmark.svg';
import { PRODUCT_NAME } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser, selectIsSignedIn, selectSessionChecked } from '../../auth';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { invitationOutcome } from '../outcome';
import { invitationCheckRequested, selectInvitations } from '../slice';
import { invitationPath, storeInvitation } from '../stored-invitation';
import { GuestInvitation, MemberInvitation } from './InvitationOutcomes';
import './invitation-page.css';

/**
 * /invitation/employee/{id}?email= (spec §4): checks the link, then shows one
 * of the outcomes — accept → joined, expired, mismatch, already joined. A
 * signed-out visitor's link is stored for after sign-in or sign-up.
 */
export function InvitationPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { id: idParam } = useParams();
  const [search] = useSearchParams();
  const email = search.get('email')?.trim() ?? '';
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0 && email !== '';
  const sessionChecked = useAppSelector(selectSessionChecked);
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  const { check, checking, outcome } = useAppSelector(selectInvitations);
  const guest = sessionChecked && !signedIn;
  const unverified = user !== null && user.verifiedAt === null;
  useDocumentTitle(intl.formatMessage({ id: 'invitations.page.title' }));

  useEffect(() => {
    if (valid) dispatch(invitationCheckRequested({ id, email }));
  }, [valid, id, email, dispatch]);

  useEffect(() => {
    if (valid && (guest || unverified)) storeInvitation(window.localStorage, invitationPath(id, email));
  }, [valid, guest, unverified, id, email]);

  if (unverified) return <Navigate to="/verification-prompt" replace />;
  const ready = valid && !checking && (check !== null || outcome !== null) && (guest || user !== null);
  const shown = !valid ? 'invalid' : (outcome ?? (check && user ? invitationOutcome(check, user) : null));

  return (
    <div className="invitation-page">
      {guest && <img className="invitation-page__brand" src={wordmark} alt={PRODUCT_NAME} width={128} height={34} />}
      {!ready && valid ? (
        <div className="auth-main__loading" role="status" aria-live="polite">
          <span className="button__spinner" aria-hidden="true" />
          <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
        </div>
      ) : guest ? (
        <GuestInvitation id={id} email={email} check={valid ? check : null} outcome={shown} />
      ) : (
        user && shown && <MemberInvitation id={id} user={user} check={check} outcome={shown} />
      )}
    </div>
  );
}
