import type { types as ms } from 'mediasoup';
import type { Logger } from '../../lib/logger';
import type { ProducerData } from './peer-media';

/** A microphone louder than this (dBov, 0 loudest, -127 silence) counts as speaking. */
export const SPEAKING_THRESHOLD_DBOV = -60;
/** How often the router reports the levels (ms). */
export const SPEAKING_INTERVAL_MS = 400;

/**
 * Who is speaking in one room: a mediasoup AudioLevelObserver on the room's
 * router watches every microphone producer (the RTP audio-level header the
 * browsers send) and `onChange` gets the speakers' user ids (loudest first)
 * whenever the set changes; an empty set once everyone is quiet.
 */
export class RoomSpeaking {
  private current: number[] = [];

  private constructor(
    private readonly observer: ms.AudioLevelObserver,
    private readonly onChange: (userIds: number[]) => void,
  ) {
    observer.on('volumes', (volumes) =>
      this.set(volumes.map((v) => (v.producer.appData as ProducerData).userId).filter(unique)),
    );
    observer.on('silence', () => this.set([]));
  }

  static async create(router: ms.Router, onChange: (userIds: number[]) => void): Promise<RoomSpeaking> {
    const observer = await router.createAudioLevelObserver({
      maxEntries: 16,
      threshold: SPEAKING_THRESHOLD_DBOV,
      interval: SPEAKING_INTERVAL_MS,
    });
    return new RoomSpeaking(observer, onChange);
  }

  /** Watches a new microphone producer (closed producers leave the observer by themselves). */
  async watch(producer: ms.Producer<ProducerData>, logger: Logger): Promise<void> {
    if (producer.kind !== 'audio' || this.observer.closed || producer.closed) return;
    try {
      await this.observer.addProducer({ producerId: producer.id });
    } catch (err) {
      if (!producer.closed && !this.observer.closed) logger.warn({ err }, 'speaking: producer not observed');
    }
  }

  /** The speakers now (user ids). */
  get speakers(): readonly number[] {
    return this.current;
  }

  /** A speaker left the room: drop them now rather than at the next report. */
  forget(userId: number): void {
    if (this.current.includes(userId)) this.set(this.current.filter((id) => id !== userId));
  }

  private set(next: number[]): void {
    if (sameSet(next, this.current)) return;
    this.current = next;
    this.onChange(next);
  }
}

const unique = <T>(value: T, index: number, all: T[]) => all.indexOf(value) === index;

export const sameSet = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((v) => b.includes(v));
