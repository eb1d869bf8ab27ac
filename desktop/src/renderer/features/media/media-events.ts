import type { ErrorCode, MediaKind, MediaSource } from '@tsudoi/common';
import type { LocalSource } from './devices';

export type MediaStatus = 'idle' | 'connecting' | 'connected' | 'noMedia' | 'unsupported';

/** A track received from someone in my room (the track itself is in trackStore). */
export interface RemoteTrack {
  consumerId: string;
  producerId: string;
  userId: number;
  kind: MediaKind;
  source: MediaSource;
  trackId: string;
}

/** What the media client tells the saga. */
export type MediaClientEvent =
  | { type: 'status'; status: MediaStatus; roomId: number | null }
  /** The join of this room has finished: the room's tracks asked for and mine sent, or no media there. */
  | { type: 'settled'; roomId: number }
  | { type: 'local'; source: LocalSource; trackId: string | null }
  /** A device could not be opened: it shows as off. */
  | { type: 'deviceOff'; source: 'mic' | 'camera' }
  | { type: 'remoteAdded'; remote: RemoteTrack }
  | { type: 'remoteRemoved'; consumerId: string }
  /** Who in my room speaks now (user ids, mine included). */
  | { type: 'speaking'; userIds: number[] }
  | { type: 'failed'; code: ErrorCode; message?: string };
