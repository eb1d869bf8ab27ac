import { useIntl } from 'react-intl';
import { RoundButton } from '@tsudoi/ui/controls';

/** The live floor's help button: the in-floor tutorial again, from its first step. */
export function FloorGuideButton({ onClick }: { onClick: () => void }) {
  const intl = useIntl();
  return (
    <RoundButton label={intl.formatMessage({ id: 'floors.guide.open' })} onClick={onClick} tutorial="help">
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6" />
      <path d="M12 17h.01" />
    </RoundButton>
  );
}
