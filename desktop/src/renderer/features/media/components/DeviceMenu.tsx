import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { DeviceSelects } from './DeviceSelects';
import { SettingsIcon } from './media-icons';

/** The media toolbar's device settings: a button that opens the camera, microphone and speaker choices. */
export function DeviceMenu() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
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
        <div className="device-menu__panel" role="dialog" aria-label={label}>
          <DeviceSelects />
        </div>
      )}
    </div>
  );
}
