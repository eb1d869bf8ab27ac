import type { MessageId } from '@tsudoi/common';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { canChooseSpeaker } from '../device-watch';
import type { DeviceKind } from '../device-list';
import { deviceSelected, selectMedia } from '../media-slice';

const LABEL: Record<DeviceKind, MessageId> = {
  camera: 'media.devices.camera',
  mic: 'media.devices.mic',
  speaker: 'media.devices.speaker',
};
const UNNAMED: Record<DeviceKind, MessageId> = {
  camera: 'media.devices.unnamedCamera',
  mic: 'media.devices.unnamedMic',
  speaker: 'media.devices.unnamedSpeaker',
};

/** The camera, microphone and speaker choices (the speaker only where the browser can switch it). */
export function DeviceSelects({ kinds = ['camera', 'mic', 'speaker'] }: { kinds?: DeviceKind[] }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { devices, selected } = useAppSelector(selectMedia);
  const base = useId();
  const shown = kinds.filter((kind) => kind !== 'speaker' || (canChooseSpeaker() && devices.speaker.length > 0));
  return (
    <div className="device-selects">
      {shown.map((kind) => {
        const list = devices[kind];
        return (
          <div className="device-selects__field" key={kind}>
            <label className="device-selects__label" htmlFor={`${base}-${kind}`}>
              {intl.formatMessage({ id: LABEL[kind] })}
            </label>
            <select
              id={`${base}-${kind}`}
              className="device-selects__select"
              value={selected[kind] ?? ''}
              disabled={list.length === 0}
              onChange={(e) => dispatch(deviceSelected({ kind, deviceId: e.target.value }))}
            >
              {list.length === 0 && <option value="">{intl.formatMessage({ id: 'media.devices.none' })}</option>}
              {list.map((device, index) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {device.label || intl.formatMessage({ id: UNNAMED[kind] }, { n: index + 1 })}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}
