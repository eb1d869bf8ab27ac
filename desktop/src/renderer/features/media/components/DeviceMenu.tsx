import { useIntl } from 'react-intl';
import { usePopup } from '@tsudoi/ui/controls';
import { DeviceSelects } from './DeviceSelects';
import { SettingsIcon } from './media-icons';

/** The media toolbar's device settings: a button that opens the camera, microphone and speaker choices. */
export function DeviceMenu() {
  const intl = useIntl();
  const { open, setOpen, root } = usePopup();
  const label = intl.formatMessage({ id: 'media.devices.settings' });
  return (
    <div className="device-menu" ref={root}>
      <button
        type="button"
        className="media-button"
        aria-expanded={open}
        aria-haspopup="dialog"
        title={label}
        onClick={() => setOpen((v) => !v)}
      >
        <SettingsIcon />
        <span>{intl.formatMessage({ id: 'media.devices.short' })}</span>
      </button>
      {open && (
        <div className="popup-panel device-menu__panel" role="dialog" aria-label={label}>
          <DeviceSelects />
        </div>
      )}
    </div>
  );
}
