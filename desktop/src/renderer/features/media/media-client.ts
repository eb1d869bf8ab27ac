import type { Device, types as msc } from 'mediasoup-client';
import {
  mediaClosedSchema,
  mediaConsumerClosedSchema,
  mediaJoinAnswerSchema,
  mediaNewProducerSchema,
  mediaSpeakingSchema,
  type ErrorCode,
  type MediaProducerInfo,
} from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';
import { DeviceError, openTrack, type LocalSource } from './devices';
import { cameraEffects, type OutputChange } from './effects/camera-effects';
import type { TileView } from './layers';
import { cameraEncodings, SCREEN_ENCODINGS } from './encodings';
import { ask, MediaRequestError, onEvent, type Listen } from './media-signal';
import { mediaLog } from './media-log';
import { MediaDevice } from './media-device';
import { IosAudioHold } from './ios-audio';
import { createTransport } from './media-transports';
import { TaskQueue } from './task-queue';
import { RemoteConsumers } from './remote-consumers';
import { trackStore } from './track-store';
import type { MediaClientEvent } from './media-events';

const ok = () => null;
const RESTART_DELAY_MS = 500;
const RESTART_TRIES = 10;

/**
 * One socket's camera, microphone and screen in the room its user is in
 * (mediasoup-client). Every task — joining a room, producing, consuming,
 * closing — runs through one queue, one at a time. `enterRoom` follows the
 * live floor (null: no room); local tracks survive a room move and are
 * produced again in the new room; a no-WebRTC room stops them.
 */
export class MediaClient {
  private readonly device = new MediaDevice();
  /** iPhone and iPad: a silent capture while the microphone is off in a room (ios-audio.ts). */
  private readonly iosAudio = new IosAudioHold(() => openTrack('mic', this.chosen.mic));
  private sendTransport: msc.Transport | undefined;
  private recvTransport: msc.Transport | undefined;
  private joinedRoom: number | null = null;
  private target: number | null = null;
  private readonly producers = new Map<LocalSource, msc.Producer>();
  private readonly tracks = new Map<LocalSource, MediaStreamTrack>();
  private readonly queue = new TaskQueue((error) => this.failed(error));
  private readonly remote: RemoteConsumers;
  /** The chosen microphone and camera (device ids; null: the browser's default). */
  private readonly chosen: Record<'mic' | 'camera', string | null> = { mic: null, camera: null };
  private closed = false;
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly socket: AppSocket,
    private readonly emit: (event: MediaClientEvent) => void,
    private readonly wanted: Record<'mic' | 'camera', boolean>,
    chosen?: Partial<Record<'mic' | 'camera', string | null>>,
  ) {
    Object.assign(this.chosen, chosen);
    this.device.preload(socket);
    this.remote = new RemoteConsumers(socket, emit);
    const listen: Listen = (schema, event, run) => this.off.push(onEvent(socket, schema, event, run));
    // A producer announced while the join to its room is still under way (after the server listed the
    // room's producers) is queued behind the join: consume() skips it if it came in the list after all.
    listen(mediaNewProducerSchema, 'media:newProducer', (p) => {
      if (p.roomId === this.joinedRoom || p.roomId === this.target) void this.queue.push(() => this.consume(p));
    });
    listen(mediaConsumerClosedSchema, 'media:consumerClosed', (p) => {
      void this.queue.push(async () => this.remote.drop(p.consumerId));
    });
    listen(mediaClosedSchema, 'media:closed', (p) => {
      void this.queue.push(async () => {
        if (p.roomId === this.joinedRoom) this.teardown();
      });
      if (p.reason === 'restarted') void this.queue.push(() => this.restart());
    });
    listen(mediaSpeakingSchema, 'media:speaking', (p) => {
      if (p.roomId === this.joinedRoom) this.emit({ type: 'speaking', userIds: p.userIds });
    });
    // a camera effect went on or off: show and send its track instead (the camera keeps going)
    this.off.push(cameraEffects.subscribe((change) => void this.queue.push(() => this.effectChanged(change))));
    const onDisconnect = () => void this.queue.push(async () => this.teardown());
    socket.on('disconnect', onDisconnect);
    this.off.push(() => socket.off('disconnect', onDisconnect));
  }

  /** Follow the live floor: the room my user is in now (null: none). */
  enterRoom(roomId: number | null): Promise<unknown> {
    this.target = roomId;
    return this.queue.push(() => this.sync());
  }

  /** Turn the microphone or camera on or off (remembered for the next room). */
  setDevice(source: 'mic' | 'camera', on: boolean): Promise<unknown> {
    this.wanted[source] = on;
    return this.queue.push(async () => {
      if (!on) return this.stopSource(source);
      if (this.joinedRoom === null) return;
      try {
        await this.produce(source);
      } catch (error) {
        if (error instanceof DeviceError) {
          this.wanted[source] = false;
          this.emit({ type: 'deviceOff', source });
        }
        throw error;
      }
    });
  }

  /**
   * Use another microphone or camera: while it is on, it turns off and on
   * again on the new device; the producer keeps going with the new track
   * (replaceTrack), so the others keep receiving. The new device opens
   * before the old one stops (Chromium's sender stays frozen when its track
   * was stopped before the replacement); a device that does not open turns
   * the source off.
   */
  selectDevice(source: 'mic' | 'camera', deviceId: string | null, reopen = true): Promise<unknown> {
    if (this.chosen[source] === deviceId) return Promise.resolve();
    this.chosen[source] = deviceId;
    if (!reopen) return Promise.resolve();
    return this.queue.push(async () => {
      const old = this.tracks.get(source);
      if (!old || old.readyState === 'ended') return;
      let track: MediaStreamTrack;
      try {
        track = await this.openLocal(source);
      } catch (error) {
        this.stopSource(source);
        this.wanted[source] = false;
        this.emit({ type: 'deviceOff', source });
        throw error;
      }
      const producer = this.producers.get(source);
      if (producer && !producer.closed) await producer.replaceTrack({ track: await this.shown(source, track) });
      this.dropTrack(source, old);
    });
  }

  /** How a remote video's tile is shown: hidden → its consumer pauses; its size picks the simulcast layer. */
  setView(consumerId: string, view: TileView): Promise<unknown> {
    return this.queue.push(() => this.remote.setView(consumerId, view));
  }

  /** Share the screen (one sharer per room; the server refuses a second) or stop sharing. */
  setScreen(on: boolean): Promise<unknown> {
    return this.queue.push(async () => {
      if (!on) return this.stopSource('screen');
      if (this.joinedRoom === null) throw new DeviceError('SHARE_SCREEN_NOT_AVAILABLE');
      try {
        await this.produce('screen');
      } catch (error) {
        this.stopSource('screen');
        // someone else shares: the server's message names them; any other refusal is "not allowed"
        if (error instanceof MediaRequestError && error.code !== 'SCREEN_ALREADY_SHARED')
          throw new DeviceError('NOT_ALLOWED_TO_SHARE_SCREEN', error);
        throw error;
      }
    });
  }

  close(): Promise<unknown> {
    this.target = null;
    const done = this.queue.push(async () => {
      await this.sync();
      this.closed = true;
    });
    for (const off of this.off.splice(0)) off();
    return done;
  }

  private async sync(): Promise<void> {
    if (this.closed) return;
    const target = this.target;
    if (this.joinedRoom !== null && this.joinedRoom === target) return;
    const had = this.joinedRoom !== null;
    this.teardown();
    if (target === null) {
      this.stopLocal();
      if (had && this.socket.connected) await ask(this.socket, 'media:leave', {}, ok).catch(ok);
      this.emit({ type: 'status', status: 'idle', roomId: null });
      return;
    }
    this.emit({ type: 'status', status: 'connecting', roomId: target });
    // told once: when the room's tracks are asked for (my own may still be opening), or when the join ends otherwise
    let told = false;
    const settle = () => {
      if (!told) this.emit({ type: 'settled', roomId: target });
      told = true;
    };
    try {
      await this.joinRoom(target, settle);
    } finally {
      settle();
    }
  }

  private async joinRoom(target: number, settle: () => void): Promise<void> {
    let join;
    try {
      join = await ask(this.socket, 'media:join', {}, (d) => mediaJoinAnswerSchema.parse(d));
    } catch (error) {
      // spec §4: a no-WebRTC room disables the active devices; a visitor waiting in the lobby has no media until let in
      if (
        error instanceof MediaRequestError &&
        (error.code === 'MEDIA_NO_WEBRTC_ROOM' || error.code === 'MEDIA_VISITOR_WAITING')
      ) {
        this.stopLocal();
        this.emit({ type: 'status', status: 'noMedia', roomId: target });
        return;
      }
      throw error;
    }
    const device = await this.loadDevice(join.rtpCapabilities);
    if (!device || this.target !== target) return;
    // both transports at once
    [this.recvTransport, this.sendTransport] = await Promise.all([
      createTransport(this.socket, device, 'recv', join),
      createTransport(this.socket, device, 'send', join),
    ]);
    this.joinedRoom = join.roomId;
    if (!this.wanted.mic) void this.iosAudio.hold();
    this.emit({ type: 'status', status: 'connected', roomId: join.roomId });
    this.emit({ type: 'speaking', userIds: join.speaking });
    // what the room sends is consumed while my own tracks open and go out: neither waits for the other
    const results = await Promise.allSettled([
      Promise.all(join.producers.map((producer) => this.consume({ ...producer, roomId: join.roomId }))).finally(settle),
      this.produceWanted(),
    ]);
    for (const result of results) if (result.status === 'rejected') throw result.reason;
  }

  /** My screen (still shared from the last room or before a media restart), microphone and camera, in this room. */
  private async produceWanted(): Promise<void> {
    const screen =
      this.tracks.get('screen')?.readyState === 'live'
        ? this.produce('screen').catch((error: unknown) => {
            mediaLog('screen not produced again', error);
            this.stopSource('screen');
          })
        : undefined;
    const devices = (['mic', 'camera'] as const)
      .filter((source) => this.wanted[source])
      .map((source) =>
        // a device that cannot be opened is logged only: the other one still goes (audio-only / video-only)
        this.produce(source).catch((error: unknown) => {
          if (!(error instanceof DeviceError)) throw error; // not the device: e.g. the room ended meanwhile
          mediaLog(`${source} not produced`, error);
          this.wanted[source] = false;
          this.emit({ type: 'deviceOff', source });
        }),
      );
    await Promise.all([screen, ...devices]);
  }

  private async loadDevice(routerRtpCapabilities: Record<string, unknown>): Promise<Device | undefined> {
    try {
      return await this.device.load(routerRtpCapabilities);
    } catch (error) {
      if (!(error instanceof DeviceError)) throw error;
      mediaLog('this browser cannot create a media device', error);
      this.emit({ type: 'status', status: 'unsupported', roomId: this.target });
      throw error;
    }
  }

  private async produce(source: LocalSource): Promise<void> {
    const transport = this.sendTransport;
    if (!transport || this.producers.has(source)) return;
    let track = this.tracks.get(source);
    if (!track || track.readyState === 'ended') track = await this.openLocal(source);
    const encodings =
      source === 'camera' ? cameraEncodings(track.getSettings().height) : source === 'screen' ? SCREEN_ENCODINGS : [];
    const producer = await transport.produce({
      track: await this.shown(source, track),
      stopTracks: false,
      ...(encodings.length ? { encodings } : { codecOptions: { opusStereo: false, opusDtx: true, opusFec: true } }),
      appData: { source },
    });
    this.producers.set(source, producer);
  }

  /** Opens a local track on the chosen device and shows it. */
  private async openLocal(source: LocalSource): Promise<MediaStreamTrack> {
    if (source === 'mic') await this.iosAudio.release();
    const track = await openTrack(source, source === 'screen' ? null : this.chosen[source]);
    this.tracks.set(source, track);
    track.addEventListener('ended', () => {
      void this.queue.push(async () => {
        if (this.tracks.get(source) === track) this.stopSource(source);
      });
    });
    this.emit({ type: 'local', source, trackId: trackStore.add(await this.shown(source, track)) });
    return track;
  }

  /** The track shown and sent for a local one: the camera's with its visual effect when one is on. */
  private shown(source: LocalSource, track: MediaStreamTrack): Promise<MediaStreamTrack> {
    return source === 'camera' ? cameraEffects.withEffect(track) : Promise.resolve(track);
  }

  private async effectChanged({ camera, previous, next }: OutputChange): Promise<void> {
    if (this.tracks.get('camera') !== camera) return;
    const producer = this.producers.get('camera');
    if (producer && !producer.closed) await producer.replaceTrack({ track: next });
    trackStore.remove(previous.id);
    this.emit({ type: 'local', source: 'camera', trackId: trackStore.add(next) });
  }

  /** Stops a local track (the producer, if any, stays for the next one). */
  private dropTrack(source: LocalSource, track: MediaStreamTrack): void {
    track.stop();
    trackStore.remove(track.id);
    if (source === 'camera') trackStore.remove(cameraEffects.release(track)?.id);
    if (this.tracks.get(source) !== track) return; // replaced: its successor is shown
    this.tracks.delete(source);
    this.emit({ type: 'local', source, trackId: null });
  }

  private stopSource(source: LocalSource): void {
    const producer = this.producers.get(source);
    this.producers.delete(source);
    if (producer && !producer.closed) {
      producer.close();
      if (this.joinedRoom !== null)
        void ask(this.socket, 'media:closeProducer', { producerId: producer.id }, ok).catch(ok);
    }
    const track = this.tracks.get(source);
    if (track) this.dropTrack(source, track);
    if (source === 'mic' && this.joinedRoom !== null) void this.iosAudio.hold();
  }

  private async consume(info: MediaProducerInfo & { roomId: number }): Promise<void> {
    const device = this.device.loaded;
    if (!device || !this.recvTransport || info.roomId !== this.joinedRoom) return;
    await this.remote.consume(device, this.recvTransport, info);
  }

  /** Ends the room's transports here (the server has ended or will end its side); local tracks stay. */
  private teardown(): void {
    this.remote.dropAll();
    for (const producer of this.producers.values()) producer.close();
    this.producers.clear();
    this.sendTransport?.close();
    this.recvTransport?.close();
    this.sendTransport = this.recvTransport = undefined;
    this.joinedRoom = null;
  }

  private stopLocal(): void {
    for (const source of [...this.tracks.keys()]) this.stopSource(source);
    void this.iosAudio.release();
  }

  /** The media worker restarted: join the room again once a worker takes it (a few tries). */
  private async restart(): Promise<void> {
    for (let attempt = 1; attempt <= RESTART_TRIES && !this.closed; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS));
      try {
        await this.sync();
        return;
      } catch (error) {
        if (!(error instanceof MediaRequestError) || error.code !== 'MEDIA_UNAVAILABLE') throw error;
      }
    }
  }

  private failed(error: unknown): void {
    // the room's media ended under a running task (a move, a leave): the next sync follows, nothing to show
    if (error instanceof MediaRequestError && error.code === 'MEDIA_NOT_JOINED') {
      mediaLog('task ended with the room', error);
      return;
    }
    const code: ErrorCode =
      error instanceof DeviceError || error instanceof MediaRequestError ? error.code : 'SOMETHING_WENT_WRONG';
    const message = error instanceof MediaRequestError ? error.message : undefined;
    if (!(error instanceof DeviceError)) mediaLog('task failed', error);
    this.emit({ type: 'failed', code, ...(message ? { message } : {}) });
  }
}
