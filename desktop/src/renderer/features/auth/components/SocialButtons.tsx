import { useIntl } from 'react-intl';
import { Button } from '../../../ui/Button';
import { FacebookIcon, GoogleIcon } from '../../../ui/icons';
import './social-buttons.css';

const PROVIDERS = [
  { provider: 'google', label: 'auth.login.google', Icon: GoogleIcon },
  { provider: 'facebook', label: 'auth.login.facebook', Icon: FacebookIcon },
] as const;

/** Sign-in with the two identity providers (spec §7.2); each starts at /api/auth/{provider} (a navigation: the server redirects to the provider). */
export function SocialButtons() {
  const intl = useIntl();
  return (
    <div className="social-buttons">
      {PROVIDERS.map(({ provider, label, Icon }) => (
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
