import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../app/hooks';
import { Button, FacebookIcon, GoogleIcon } from '@tsudoi/ui/controls';
import { selectSocialProviders } from '../providers';
import './social-buttons.css';

const PROVIDERS = [
  { provider: 'google', label: 'auth.login.google', Icon: GoogleIcon },
  { provider: 'facebook', label: 'auth.login.facebook', Icon: FacebookIcon },
] as const;

/** Sign-in with the two identity providers (spec §7.2); each starts at /api/auth/{provider} (a navigation: the server redirects to the provider). */
export function SocialButtons() {
  const intl = useIntl();
  const enabled = useAppSelector(selectSocialProviders);
  const shown = PROVIDERS.filter(({ provider }) => enabled?.[provider]);
  if (shown.length === 0) return null;
  return (
    <div className="social-buttons">
      <div className="login-card__divider" role="separator">
        <span>{intl.formatMessage({ id: 'auth.login.orContinueWith' })}</span>
      </div>
      {shown.map(({ provider, label, Icon }) => (
        <Button
          key={provider}
          variant="secondary"
          block
          onClick={() => window.location.assign(`/api/auth/${provider}`)}
        >
          <Icon />
          {intl.formatMessage({ id: label })}
        </Button>
      ))}
    </div>
  );
}
