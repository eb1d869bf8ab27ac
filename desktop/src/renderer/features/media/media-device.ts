import type { Device, types as msc } from 'mediasoup-client';
import { mediaCapabilitiesAnswerSchema } from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';
import { DeviceError } from './devices';
import { mediaLog } from './media-log';
import { ask } from './media-signal';

/** mediasoup-client's Device, in a browser that has WebRTC at all (an old one has no RTCPeerConnection). */
const loadClient = (): Promise<Device> => {
  const ready =
    typeof RTCPeerConnection === 'undefined'
      ? Promise.reject(new Error('no RTCPeerConnection in this browser'))
      : import('mediasoup-client').then(({ Device }) => Device.factory());
  ready.catch(() => undefined); // reported by the join that needs it (MediaDevice.load)
  return ready;
};

/**
 * mediasoup-client's Device for one socket. The library is a chunk of its
 * own, loaded with the live floor's socket, not after the first room
 * answers. `preload` asks the server's capabilities (`media:capabilities`,
 * the same in every room) as soon as the socket is up and loads the device
 * with them while the floor joins, so the room's join goes straight on to
 * its transports. A failure there is left to the join, which loads the
 * device with its own answer and says what failed.
 */
export class MediaDevice {
  private ready = loadClient();
  private device: Device | undefined;
  private loading: Promise<Device> | undefined;

  /** The loaded device, if any (consumers need it). */
  get loaded(): Device | undefined {
    return this.device?.loaded ? this.device : undefined;
  }

  /** Loads the device with the server's capabilities now (once; quietly: the join reports failures). */
  preload(socket: AppSocket): void {
    void ask(socket, 'media:capabilities', {}, (d) => mediaCapabilitiesAnswerSchema.parse(d))
      .then(({ rtpCapabilities }) => this.load(rtpCapabilities))
      .catch((error: unknown) => mediaLog('media capabilities not loaded ahead', error));
  }

  /** The device loaded with `rtpCapabilities` (or as loaded before); BROWSER_NOT_SUPPORTED when it cannot be. */
  load(rtpCapabilities: Record<string, unknown>): Promise<Device> {
    this.loading ??= this.ready.then(
      async (device) => {
        this.device = device;
        if (!device.loaded) await device.load({ routerRtpCapabilities: rtpCapabilities as msc.RtpCapabilities });
        return device;
      },
      (error: unknown) => {
        this.ready = loadClient(); // tried again by the next join
        throw new DeviceError('BROWSER_NOT_SUPPORTED', error);
      },
    );
    const loading = this.loading;
    // a failed load is tried again by the next call
    loading.catch(() => {
      if (this.loading === loading) this.loading = undefined;
    });
    return loading;
  }
}
