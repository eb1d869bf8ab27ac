import type { MessageId } from '@tsudoi/common';
import { errorMessageId } from '@tsudoi/common';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, useDocumentTitle } from '@tsudoi/ui/controls';
import { devicesStale, mediaPreferencesLoaded, selectMedia } from '../media-slice';
import { loadPreferences, savePreferences, setSkipsDeviceCheck, skipsDeviceCheck } from '../preferences';
import { DeviceSelects } from './DeviceSelects';
import { CameraIcon, MicIcon } from './media-icons';
import { useLevel } from './use-level';
import { useMediaElement } from './use-track';
import { usePreviewTrack } from './use-preview-track';
import '@tsudoi/ui/controls/page.css';
import './media.css';
import './devices.css';

/**
 * /floors/{id}/check: the device check before the live floor — camera
 * preview, microphone level, the device choices and whether to enter with
 * the microphone and camera on. "Join" remembers all of it (the floor's
 * media starts that way) and opens /floors/{id}/live; "skip next time"
 * makes the landing page go straight to the floor.
 */
export function DeviceCheckPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const id = Number(useParams().id);
  const { selected } = useAppSelector(selectMedia);
  const [wanted, setWanted] = useState(loadPreferences);
  const [skip, setSkip] = useState(skipsDeviceCheck);
  const t = (key: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  useDocumentTitle(t('media.check.title'));
  const camera = usePreviewTrack('camera', wanted.camera, selected.camera);
  const mic = usePreviewTrack('mic', wanted.mic, selected.mic);
  const videoRef = useMediaElement<HTMLVideoElement>(camera.track);
  const level = useLevel(mic.track);
  // once a device opened the browser names the devices: list them again
  useEffect(() => {
    if (camera.track || mic.track) dispatch(devicesStale());
  }, [camera.track, mic.track, dispatch]);

  const join = () => {
    savePreferences(wanted);
    setSkipsDeviceCheck(skip);
    dispatch(mediaPreferencesLoaded(wanted));
    void navigate(`/floors/${id}/live${search}`);
  };
  const toggle = (source: 'mic' | 'camera') => setWanted((w) => ({ ...w, [source]: !w[source] }));
  const errors = [camera.error, mic.error].filter((code) => code !== null);

  return (
    <main className="device-check">
      <header className="device-check__head">
        <h1>{t('media.check.title')}</h1>
        <p>{t('media.check.lead')}</p>
      </header>
      <div className="device-check__body">
        <div className="device-check__preview">
          <video
            ref={videoRef}
            className="device-check__video"
            autoPlay
            playsInline
            muted
            hidden={!camera.track}
            aria-label={t('media.check.preview')}
          />
          {!camera.track && (
            <div className="device-check__off">
              <CameraIcon size={36} off />
              <span>{t(wanted.camera ? 'media.check.cameraStarting' : 'media.check.cameraOff')}</span>
            </div>
          )}
          <div className="device-check__toggles media-controls">
            <button
              type="button"
              className={`media-button${wanted.mic ? '' : ' media-button--off'}`}
              aria-pressed={wanted.mic}
              onClick={() => toggle('mic')}
            >
              <MicIcon off={!wanted.mic} />
              <span>{t(wanted.mic ? 'media.controls.micOn' : 'media.controls.micOff')}</span>
            </button>
            <button
              type="button"
              className={`media-button${wanted.camera ? '' : ' media-button--off'}`}
              aria-pressed={wanted.camera}
              onClick={() => toggle('camera')}
            >
              <CameraIcon off={!wanted.camera} />
              <span>{t(wanted.camera ? 'media.controls.cameraOn' : 'media.controls.cameraOff')}</span>
            </button>
          </div>
        </div>
        <section className="device-check__panel" aria-label={t('media.devices.settings')}>
          <DeviceSelects />
          <div className="device-check__meter">
            <span id="device-check-level">{t('media.check.level')}</span>
            <div
              className="device-check__bar"
              role="meter"
              aria-labelledby="device-check-level"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(level * 100)}
            >
              <div className="device-check__level" style={{ transform: `scaleX(${level})` }} />
            </div>
          </div>
          {errors.map((code) => (
            <p key={code} className="device-check__error" role="alert">
              {t(errorMessageId(code))}
            </p>
          ))}
          <label className="device-check__skip">
            <input type="checkbox" checked={skip} onChange={(e) => setSkip(e.target.checked)} />
            {t('media.check.skip')}
          </label>
          <Button block onClick={join}>
            {t('media.check.join')}
          </Button>
          <Link className="link" to={`/floors/${id}${search}`}>
            {t('floors.live.back')}
          </Link>
        </section>
      </div>
    </main>
  );
}
