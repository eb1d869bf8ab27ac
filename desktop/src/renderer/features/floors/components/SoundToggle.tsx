import { useIntl } from 'react-intl';
import { setSoundsMuted, useSoundsMuted } from '../sounds/sounds';
import { SpeakerIcon, SpeakerOffIcon } from './live-icons';

/** Sounds on or off for the floor (knock, enter, invitation ring); kept on this device. */
export function SoundToggle() {
  const intl = useIntl();
  const muted = useSoundsMuted();
  const label = intl.formatMessage({ id: muted ? 'floors.live.sound.unmute' : 'floors.live.sound.mute' });
  return (
    <button
      type="button"
      className={`live-sound${muted ? ' live-sound--muted' : ''}`}
      aria-pressed={muted}
      aria-label={label}
      title={label}
      onClick={() => setSoundsMuted(!muted)}
    >
      {muted ? <SpeakerOffIcon /> : <SpeakerIcon />}
    </button>
  );
}
