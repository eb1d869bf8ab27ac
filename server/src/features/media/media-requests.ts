import { randomUUID } from 'node:crypto';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { roomDefinition, type MediaRequestDto, type MediaRequestOutcome, type MediaSource } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import type { IoSocket } from '../../realtime/types';
import type { PlaceChange } from '../floors/live/presence-batcher';
import { floorCaller } from './floor-caller';
import { roomOfUser } from '../floors/live/engine/places';
import { userChannel } from '../floors/live/channels';

type Namespace = IoSocket['nsp'];

/** Requests one person may send per minute on a floor: enough to ask a room, too few to make cards ring all day. */
export const MEDIA_REQUESTS_PER_MINUTE = 20;

/**
 * Media requests (spec §3, §4): someone asks a user on the floor to turn on
 * their microphone, camera or screen. Anyone may ask someone in their own
 * room (that is where the media flows); a host or subhost may ask anyone on
 * the floor. Pending requests live in memory, per floor, one per
 * (requester, receiver, device); they end when answered, cancelled, or when
 * either side leaves the floor (or the floor closes). Events go to the users'
 * floor channels, so every window of theirs sees them. Asking is limited to
 * MEDIA_REQUESTS_PER_MINUTE per requester and floor (RATE_LIMITED).
 */
export class MediaRequests {
  private readonly floors = new Map<number, Map<string, MediaRequestDto>>();
  /** The room a member's request was asked in (a host's requests reach the whole floor and have none). */
  private readonly roomOf = new Map<string, number>();
  private nsp: Namespace | undefined;
  private readonly limiter = new RateLimiterMemory({
    keyPrefix: 'media-request',
    points: MEDIA_REQUESTS_PER_MINUTE,
    duration: 60,
  });

  constructor(private readonly models: Models) {}

  /** Remembers the namespace to tell people through (every socket shares it). */
  attach(socket: IoSocket): void {
    this.nsp ??= socket.nsp;
  }

  async request(socket: IoSocket, receiverId: number, deviceType: MediaSource): Promise<MediaRequestDto> {
    const caller = await floorCaller(this.models, socket);
    if (receiverId === caller.userId) throw new AppError('BAD_REQUEST');
    const receiverRoom = await roomOfUser(this.models, caller.floorId, receiverId);
    if (receiverRoom === null) throw new AppError('USER_NOT_ON_FLOOR');
    if (!caller.canManage && receiverRoom !== caller.roomId) throw new AppError('FORBIDDEN');
    // nobody's devices work in the out-of-office room: nothing to ask for there
    const room = await this.models.FloorRoom.findByPk(receiverRoom, { attributes: ['number'] });
    if (room && roomDefinition(room.number)?.areaType === 'NO_WEBRTC') throw new AppError('MEDIA_NO_WEBRTC_ROOM');
    const pending = this.pendingOf(caller.floorId);
    for (const r of pending.values())
      if (r.requesterId === caller.userId && r.receiverId === receiverId && r.deviceType === deviceType)
        throw new AppError('MEDIA_REQUEST_PENDING');
    try {
      await this.limiter.consume(`${caller.floorId}:${caller.userId}`);
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      throw new AppError('RATE_LIMITED');
    }
    const dto: MediaRequestDto = {
      id: randomUUID(),
      floorId: caller.floorId,
      requesterId: caller.userId,
      receiverId,
      deviceType,
      createdAt: new Date().toISOString(),
    };
    pending.set(dto.id, dto);
    if (!caller.canManage) this.roomOf.set(dto.id, caller.roomId);
    socket.nsp.to(userChannel(caller.floorId, receiverId)).emit('media:requestReceived', dto);
    return dto;
  }

  /** media:cancelRequest — the requester takes a pending request back. */
  async cancel(socket: IoSocket, id: string): Promise<null> {
    const caller = await floorCaller(this.models, socket);
    const found = this.floors.get(caller.floorId)?.get(id);
    if (!found || found.requesterId !== caller.userId) throw new AppError('MEDIA_REQUEST_NOT_FOUND');
    this.end(found, 'cancelled');
    return null;
  }

  /** media:answerRequest — the receiver allows (their client turns the device on) or denies. */
  async answer(socket: IoSocket, id: string, allow: boolean): Promise<null> {
    const caller = await floorCaller(this.models, socket);
    const found = this.floors.get(caller.floorId)?.get(id);
    if (!found || found.receiverId !== caller.userId) throw new AppError('MEDIA_REQUEST_NOT_FOUND');
    this.end(found, allow ? 'allowed' : 'denied');
    return null;
  }

  /** media:listRequests — my pending requests, sent and received (after a reconnect). */
  async list(socket: IoSocket): Promise<{ sent: MediaRequestDto[]; received: MediaRequestDto[] }> {
    const caller = await floorCaller(this.models, socket);
    const all = [...(this.floors.get(caller.floorId)?.values() ?? [])];
    return {
      sent: all.filter((r) => r.requesterId === caller.userId),
      received: all.filter((r) => r.receiverId === caller.userId),
    };
  }

  /** A leave of the floor (or its end) ends the requests of whoever left; a room move, a member's requests. */
  placeChanged(change: PlaceChange): void {
    const pending = this.floors.get(change.floorId);
    if (!pending) return;
    for (const r of [...pending.values()]) {
      if (change.userId !== undefined && r.requesterId !== change.userId && r.receiverId !== change.userId) continue;
      const room = this.roomOf.get(r.id);
      // leaving the floor ends every request; leaving the room ends a member's (asked within the room)
      if (change.roomId === null || (room !== undefined && change.roomId !== room)) this.end(r, 'left');
    }
  }

  /** Pending requests in this process (tests). */
  get size(): number {
    let n = 0;
    for (const pending of this.floors.values()) n += pending.size;
    return n;
  }

  private pendingOf(floorId: number): Map<string, MediaRequestDto> {
    let pending = this.floors.get(floorId);
    if (!pending) {
      pending = new Map();
      this.floors.set(floorId, pending);
    }
    return pending;
  }

  private end(r: MediaRequestDto, outcome: MediaRequestOutcome): void {
    const pending = this.floors.get(r.floorId);
    if (!pending?.delete(r.id)) return;
    this.roomOf.delete(r.id);
    if (pending.size === 0) this.floors.delete(r.floorId);
    const { id, requesterId, receiverId, deviceType } = r;
    this.nsp
      ?.to([userChannel(r.floorId, requesterId), userChannel(r.floorId, receiverId)])
      .emit('media:requestEnded', { id, outcome, requesterId, receiverId, deviceType });
  }
}
