/**
 * The camera, microphone and speaker lists (pure logic: the browser part is
 * in device-watch.ts). A selection defaults to the first device of its list;
 * a remembered device id that is no longer plugged in falls back to it too.
 */
export type DeviceKind = 'camera' | 'mic' | 'speaker';
export const DEVICE_KINDS: readonly DeviceKind[] = ['camera', 'mic', 'speaker'];

export interface DeviceOption {
  deviceId: string;
  label: string;
}

export type DeviceLists = Record<DeviceKind, DeviceOption[]>;
export type DeviceSelection = Record<DeviceKind, string | null>;

export const EMPTY_LISTS: DeviceLists = { camera: [], mic: [], speaker: [] };
export const NO_SELECTION: DeviceSelection = { camera: null, mic: null, speaker: null };

const KIND_OF: Record<string, DeviceKind> = { videoinput: 'camera', audioinput: 'mic', audiooutput: 'speaker' };

/**
 * enumerateDevices() as lists by kind: without the "default"/"communications"
 * aliases when the real devices are listed too, without duplicates, and with
 * a numbered label while the browser hides the names (no permission yet).
 */
export function toLists(devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[]): DeviceLists {
  const lists: DeviceLists = { camera: [], mic: [], speaker: [] };
  for (const device of devices) {
    const kind = KIND_OF[device.kind];
    if (!kind || !device.deviceId) continue;
    const list = lists[kind];
    if (list.some((d) => d.deviceId === device.deviceId)) continue;
    list.push({ deviceId: device.deviceId, label: device.label });
  }
  for (const kind of DEVICE_KINDS) {
    const real = lists[kind].filter((d) => d.deviceId !== 'default' && d.deviceId !== 'communications');
    if (real.length > 0) lists[kind] = real;
  }
  return lists;
}

/** The device to use: the remembered one while it is plugged in, else the first of the list (null: none). */
export function pickDevice(list: readonly DeviceOption[], remembered: string | null | undefined): string | null {
  if (remembered && list.some((d) => d.deviceId === remembered)) return remembered;
  return list[0]?.deviceId ?? null;
}

export function pickAll(lists: DeviceLists, remembered: Partial<DeviceSelection>): DeviceSelection {
  return {
    camera: pickDevice(lists.camera, remembered.camera),
    mic: pickDevice(lists.mic, remembered.mic),
    speaker: pickDevice(lists.speaker, remembered.speaker),
  };
}

const SELECTION_KEY = 'tsudoi.media.devices';

/** The devices chosen last time (localStorage; nothing in private mode). */
export function loadSelection(): Partial<DeviceSelection> {
  try {
    const stored = JSON.parse(localStorage.getItem(SELECTION_KEY) ?? '{}') as Record<string, unknown>;
    const out: Partial<DeviceSelection> = {};
    for (const kind of DEVICE_KINDS) if (typeof stored[kind] === 'string') out[kind] = stored[kind];
    return out;
  } catch {
    return {};
  }
}

export function saveSelection(selection: DeviceSelection): void {
  try {
    localStorage.setItem(SELECTION_KEY, JSON.stringify(selection));
  } catch {
    // private mode: the choice lasts for this visit only
  }
}
