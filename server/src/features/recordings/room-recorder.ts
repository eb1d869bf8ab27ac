import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs/promises';
import type { types as ms } from 'mediasoup';
import type { Logger } from '../../lib/logger';
import type { ProducerData } from '../media/peer-media';
import type { RoomMedia } from '../media/room-media';
import { captureFile, dropCapture, writeNote, type SegmentNote } from './capture-journal';
import { readableDuration } from './ffmpeg-tools';
import { recordedInputs } from './recorded-inputs';
import { renderRecording, type Capture, type RecordedSegment } from './render-recording';
import { captureArgs, segmentSdp, type SdpInput } from './segment-sdp';

interface LiveSegment {
  /** Its note in the work folder (capture-journal.ts): what a salvage after a kill rebuilds it from. */
  note: SegmentNote;
  /** ffmpeg's progress: the output time written so far, and when it last moved. */
  progress: { outUs: number; movedAt: number; firstAt: number };
  /** The end of ffmpeg's messages (logged when the segment fails). */
  stderr: () => string;
  /** True once ffmpeg writes output (every input has given a frame), false if it gave up or timed out. */
  started: Promise<boolean>;
  /** The capture (Matroska, streams copied as they came). */
  file: string;
  /** Where the next segment took over (ms of this one): the rest overlaps the next and is cut. */
  cutMs?: number;
  ffmpeg: ChildProcess;
  exited: Promise<void>;
  transports: ms.PlainTransport[];
  keyFrames: NodeJS.Timeout[];
  /** The producer ids it records, to tell whether the room changed. */
  signature: string;
}

/** How long a change of the room's producers settles before the segment is cut (a join brings mic and camera). */
const SETTLE_MS = 1000;
/** How long a new segment may take to give output (a shared screen's first key frame) before it is given up. */
const START_TIMEOUT_MS = 12_000;
/** At most this long for a stopped segment's ffmpeg to catch up with what it buffered. */
const DRAIN_MAX_MS = 15_000;
/**
 * How long ffmpeg has to finish its file after SIGINT before it is killed. An ffmpeg whose RTP stopped (the
 * room's media went away) can spin in its reorder queue and never finish; its capture stays readable to its
 * last second (segment-sdp.ts: one-second clusters), and its length in the recording is the time it covered.
 */
const FINISH_MAX_MS = 4000;

/** A free UDP port pair (RTP, RTCP) for ffmpeg to listen on, away from mediasoup's range. */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20000 + 2 * Math.floor(Math.random() * 5000);
    const ok = await Promise.all([port, port + 1].map(canBind));
    if (ok.every(Boolean)) return port;
  }
  throw new Error('no free UDP port pair for the recorder');
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

/**
 * Records one room's media with ffmpeg, server side: every live microphone
 * and one picture (the screen share if any, else the first camera; the
 * stage's speakers first) are consumed on PlainTransports of the room's
 * router and sent as RTP to an ffmpeg that copies them into a Matroska
 * capture (no encoding while recording, so it keeps real time). When the set
 * of live producers changes (people join or leave, a screen share starts or
 * ends, a microphone is muted), a new capture starts and the old one is cut
 * where it began. On stop every capture is rendered alike (VP8 640x360 +
 * Opus, microphones mixed, black picture or silence where there was none)
 * and the renders are joined without re-encoding.
 *
 * Every second recorded keeps its place (issue 25 §10): a capture lasts in
 * the recording the wall-clock time it covered (from its start to where the
 * next took over), whatever ffmpeg made of its end; while everyone's media is
 * gone from the room a gap capture records silence and the dark picture, so
 * the file is as long as the recording ran. Each capture has a note on disk
 * (capture-journal.ts) so that a killed process's recording can be rebuilt.
 */
export class RoomRecorder {
  /** The captured segments, in order, rendered once the recording stops. */
  private readonly captured: Capture[] = [];
  private current: LiveSegment | undefined;
  private settle: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  /**
   * When the stop was asked: the captures run on while ffmpeg drains what it buffered (seconds on a busy
   * machine), and what they took after this is not part of the recording.
   */
  private stoppedAt: number | undefined;
  private index = 0;
  private readonly watched = new Set<string>();
  /** Pictures ffmpeg could not read (no key frame while it probed): left out, the next one or black is used. */
  private readonly unreadable = new Set<string>();

  constructor(
    private room: RoomMedia,
    private readonly dir: string,
    private readonly ffmpegPath: string,
    private readonly logger: Logger,
    /** The people whose producers go first (the stage's speakers), read at each cut. */
    private readonly firstOf: () => Promise<ReadonlySet<number>> = async () => new Set(),
  ) {}

  private first: ReadonlySet<number> = new Set();

  /** Starts the first segment; rejects when ffmpeg cannot start. */
  async start(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await this.enqueue(() => this.rotate(true));
  }

  /** The room's producers changed: cut the segment once the change settles. */
  changed(room?: RoomMedia): void {
    if (this.stopped) return;
    if (room) this.room = room;
    clearTimeout(this.settle);
    this.settle = setTimeout(() => void this.enqueue(() => this.rotate(false)), SETTLE_MS);
  }

  /**
   * Ends the recording: each captured segment is rendered to the recording's
   * shape (mixed, scaled, encoded; as fast as the machine allows, nothing is
   * lost when it is slower than real time) and the segments are joined into
   * `output`. Null when nothing was recorded.
   */
  async stop(output: string): Promise<{ file: string; durationMs: number; segments: RecordedSegment[] } | null> {
    this.stopped = true;
    this.stoppedAt ??= Date.now();
    clearTimeout(this.settle);
    await this.enqueue(() => this.endCurrent());
    await this.chain;
    return renderRecording(this.ffmpegPath, this.dir, this.captured, output, this.logger);
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.chain.then(step);
    this.chain = next.catch((err: unknown) => this.logger.warn({ err, roomId: this.room.roomId }, 'recorder step'));
    return next;
  }

  private inputs(): { audio: ms.Producer<ProducerData>[]; video: ms.Producer<ProducerData> | undefined } {
    const producers = [...this.room.peers.values()].flatMap((peer) => [...peer.producers.values()]);
    for (const p of producers) this.watch(p);
    return recordedInputs(producers, this.first, this.unreadable);
  }

  /** A muted microphone (paused producer) sends nothing: the mix would wait for it, so it counts as a change. */
  private watch(producer: ms.Producer<ProducerData>): void {
    if (this.watched.has(producer.id)) return;
    this.watched.add(producer.id);
    producer.observer.on('pause', () => this.changed());
    producer.observer.on('resume', () => this.changed());
    producer.observer.once('close', () => this.watched.delete(producer.id));
  }

  /**
   * Moves to a segment of the room's current producers. The old segment keeps
   * recording until the new one gives output (ffmpeg starts writing once every
   * input has given a frame: a shared screen's first key frame can take
   * seconds), so the hand-over loses little. A new segment that never starts is
   * retried without its picture (then the camera, or black).
   */
  private async rotate(first: boolean): Promise<void> {
    if (this.stopped) return;
    this.first = await this.firstOf().catch(() => this.first);
    // a room whose media ended (the recording waits for it to come back) is recorded as black and silence
    const gap = this.room.closed;
    const { audio, video } = gap ? { audio: [], video: undefined } : this.inputs();
    const signature = [...audio.map((p) => p.id), video?.id ?? '-'].join(',');
    if (!first && this.current?.signature === signature) return;
    const next = await this.startSegment(audio, video, signature, gap);
    const old = this.current;
    this.logger.debug({ roomId: this.room.roomId, signature, file: next.file }, 'recorder segment starting');
    if (!old) {
      // the first segment records at once; one that never gives output is retried without its picture
      this.current = next;
      this.watchExit(next);
      void next.started.then((ok) => {
        if (ok || this.current !== next || this.stopped || !video) return;
        this.unreadable.add(video.id);
        void this.enqueue(() => this.rotate(true));
      });
      return;
    }
    if (!(await next.started)) {
      const stderr = next.stderr();
      this.logger.warn({ roomId: this.room.roomId, file: next.file, stderr }, 'recorder segment gave no output');
      await this.end(next, false);
      if (!video || this.stopped) return;
      this.unreadable.add(video.id);
      return this.rotate(true);
    }
    this.current = next;
    this.watchExit(next);
    // both captured the hand-over: the old one is cut where the new one begins
    old.cutMs = next.note.resumedAt - old.note.resumedAt;
    await this.end(old);
  }

  /** A capture whose ffmpeg ends by itself (it crashed, its input ended) is replaced at once: nothing goes unrecorded. */
  private watchExit(segment: LiveSegment): void {
    void segment.exited.then(() => {
      if (this.current !== segment || this.stopped) return;
      this.logger.warn({ roomId: this.room.roomId, file: segment.file }, 'recorder capture ended by itself');
      void this.enqueue(() => this.rotate(true));
    });
  }

  private async startSegment(
    audio: ms.Producer<ProducerData>[],
    video: ms.Producer<ProducerData> | undefined,
    signature: string,
    gap: boolean,
  ): Promise<LiveSegment> {
    const router = this.room.router;
    const transports: ms.PlainTransport[] = [];
    const consumers: ms.Consumer[] = [];
    const inputs: SdpInput[] = [];
    let spawned: ChildProcess | undefined;
    try {
      for (const producer of [...audio, ...(video ? [video] : [])]) {
        const transport = await router.createPlainTransport({
          listenIp: '127.0.0.1',
          rtcpMux: false,
          comedia: false,
        });
        transports.push(transport);
        const port = await freePortPair();
        await transport.connect({ ip: '127.0.0.1', port, rtcpPort: port + 1 });
        const consumer = await transport.consume({
          producerId: producer.id,
          rtpCapabilities: router.rtpCapabilities,
          paused: true,
        });
        consumers.push(consumer);
        const codec = consumer.rtpParameters.codecs[0]!;
        inputs.push({ kind: consumer.kind, port, payloadType: codec.payloadType, codec });
      }
      const index = ++this.index;
      const file = captureFile(this.dir, index);
      const sdpFile = `${file}.sdp`;
      await fs.writeFile(sdpFile, segmentSdp(inputs));
      const args = ['-progress', 'pipe:1', '-stats_period', '0.2', ...captureArgs(sdpFile, inputs, file)];
      const ffmpeg = spawn(this.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      spawned = ffmpeg;
      const progress = { outUs: 0, movedAt: Date.now(), firstAt: 0 };
      const started = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), START_TIMEOUT_MS);
        ffmpeg.stdout!.on('data', (chunk: Buffer) => {
          const times = [...chunk.toString().matchAll(/out_time_us=(\d+)/g)].map((m) => Number(m[1]));
          const latest = times.at(-1) ?? 0;
          if (latest > progress.outUs) {
            if (!progress.firstAt) progress.firstAt = Date.now();
            progress.outUs = latest;
            progress.movedAt = Date.now();
          }
          if (latest > 0) {
            clearTimeout(timer);
            resolve(true);
          }
        });
        ffmpeg.once('close', () => {
          clearTimeout(timer);
          resolve(false);
        });
      });
      let stderr = '';
      ffmpeg.stderr!.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-2000);
      });
      const exited = new Promise<void>((resolve) => {
        ffmpeg.once('close', (code) => {
          if (code && code !== 255) this.logger.warn({ code, stderr, file }, 'recorder ffmpeg ended with an error');
          resolve();
        });
        ffmpeg.once('error', (err) => {
          this.logger.error({ err }, 'recorder ffmpeg could not start');
          resolve();
        });
      });
      // ffmpeg opens its RTP ports at once; the consumers start once it listens, then ask for a key frame
      await new Promise((r) => setTimeout(r, 400));
      if (ffmpeg.exitCode !== null) throw new Error(`ffmpeg exited at start: ${stderr}`);
      for (const consumer of consumers) await consumer.resume();
      const note: SegmentNote = {
        index,
        resumedAt: Date.now(),
        shape: { audio: audio.length, video: Boolean(video) },
        speakers: audio.map((p) => p.appData.userId),
        gap,
      };
      await writeNote(this.dir, note);
      const keyFrames = [0, 300, 800, 1500, 3000].map((ms) =>
        setTimeout(() => {
          for (const c of consumers) if (c.kind === 'video' && !c.closed) void c.requestKeyFrame().catch(() => {});
        }, ms),
      );
      return {
        note,
        progress,
        stderr: () => stderr,
        started,
        file,
        ffmpeg,
        exited,
        transports,
        keyFrames,
        signature,
      };
    } catch (error) {
      spawned?.kill('SIGKILL');
      for (const t of transports) t.close();
      throw error;
    }
  }

  private async endCurrent(): Promise<void> {
    const segment = this.current;
    this.current = undefined;
    if (segment) await this.end(segment);
  }

  /** Stops a segment's ffmpeg (it finalises the file) and keeps the file if it has media. */
  private async end(segment: LiveSegment, keep = true): Promise<void> {
    for (const t of segment.keyFrames) clearTimeout(t);
    // let it work through what it has buffered (a busy machine runs it behind real time, and SIGINT drops
    // what it has not processed): SIGINT once it has caught up or stopped moving. The transports stay
    // open meanwhile: their closing RTCP BYE would end ffmpeg's input at once.
    const until = Date.now() + DRAIN_MAX_MS;
    const { progress } = segment;
    const behind = () => progress.firstAt > 0 && progress.outUs / 1000 < Date.now() - progress.firstAt - 300;
    while (
      keep &&
      segment.ffmpeg.exitCode === null &&
      Date.now() < until &&
      behind() &&
      Date.now() - progress.movedAt < 800
    )
      await new Promise((r) => setTimeout(r, 100));
    if (segment.ffmpeg.exitCode === null) {
      segment.ffmpeg.kill('SIGINT');
      const kill = setTimeout(() => segment.ffmpeg.kill('SIGKILL'), FINISH_MAX_MS);
      await segment.exited;
      clearTimeout(kill);
    }
    for (const t of segment.transports) t.close();
    await fs.rm(`${segment.file}.sdp`, { force: true });
    // its length in the recording: the time it covered, up to where the next took over or the stop was asked
    // (a capture that never gave output holds nothing: ffmpeg writes once every input has given a frame)
    const { resumedAt } = segment.note;
    const covered = Math.min(
      segment.cutMs ?? Infinity,
      this.stoppedAt === undefined ? Infinity : this.stoppedAt - resumedAt,
    );
    const durationMs =
      progress.firstAt === 0 ? null : Number.isFinite(covered) ? covered : await readableDuration(segment.file);
    this.logger.debug(
      {
        roomId: this.room.roomId,
        file: segment.file,
        durationMs,
        outMs: Math.round(progress.outUs / 1000),
        sinceFirstOutputMs: progress.firstAt ? Date.now() - progress.firstAt : null,
        stderr: segment.stderr(),
      },
      'recorder segment ended',
    );
    if (!keep || !durationMs || durationMs < 200) {
      await dropCapture(this.dir, segment.note.index);
      return;
    }
    await writeNote(this.dir, { ...segment.note, durationMs });
    const { shape, speakers, gap } = segment.note;
    this.captured.push({ file: segment.file, shape, durationMs, speakers, gap });
  }
}
