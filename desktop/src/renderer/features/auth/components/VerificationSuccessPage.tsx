import { useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { buttonClassName, useDocumentTitle } from '@tsudoi/ui/controls';
import { HOME_PATH } from '../paths';
import { selectIsSignedIn } from '@tsudoi/ui/session';
import { CheckBadgeIcon } from './auth-icons';
import { StatusCard } from './StatusCard';

/** /verification-success: the address is confirmed; go on to the app, or sign in first. */
export function VerificationSuccessPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const signedIn = useAppSelector(selectIsSignedIn);
  useDocumentTitle(t('auth.verified.title'));
  return (
    <StatusCard
      id="verified-title"
      tone="success"
      icon={<CheckBadgeIcon size={32} />}
      title={t('auth.verified.title')}
      actions={
        <Link className={buttonClassName('primary', true)} to={signedIn ? HOME_PATH : '/login'}>
          {t(signedIn ? 'auth.verified.continue' : 'auth.verified.login')}
        </Link>
      }
    >
      <p>{t(signedIn ? 'auth.verified.body' : 'auth.verified.bodySignedOut')}</p>
    </StatusCard>
  );
}
