import crypto from 'node:crypto';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';
import {
  floorStatus,
  toJapanTime,
  type GuestLanding,
  type GuestSession,
  type joinGuestSchema,
  type Locale,
} from '@tsudoi/common';
import type { Models } from '../../../db/models';
import { AppError } from '../../../http/app-error';
import type { Clock } from '../../../lib/clock';
import { immediate } from '../floor-access';
import { toFloorDto } from '../floor.dto';
import type { Floor } from '../floor.model';
import type { FloorParticipant } from '../participant.model';
import type { FloorPasswordGate } from './floor-password';
import { GUEST_ACCOUNT, GUEST_EMAIL_DOMAIN, resolveGuestLink } from './guest-link';
import { signGuestToken } from './guest-token';

export interface GuestServiceDeps {
  models: Models;
  clock: Clock;
  secret: string;
  passwords: FloorPasswordGate;
  /** New guests through a floor's invite link, per floor and address. */
  newGuests: RateLimiterAbstract;
  /** New guest identities per address over every floor. */
  newGuestsByAddress: RateLimiterAbstract;
  /** New guest identities per address in a short window (a steady trickle, not a burst). */
  newGuestBurst: RateLimiterAbstract;
  /** The two limits' points (index.ts NEW_GUEST_LIMIT, NEW_GUEST_ADDRESS_LIMIT), read by the early check. */
  newGuestLimits: { perFloor: number; perAddress: number; burst: number };
  /** Issue 16 hook: the time rule of a guest's appointment (throws APPOINTMENT_NOT_STARTED / APPOINTMENT_ENDED). */
  admitGuest?: (participant: FloorParticipant) => Promise<void>;
}

type JoinInput = z.output<typeof joinGuestSchema>;

const rateLimited = (msBeforeNext: number) =>
  new AppError('RATE_LIMITED', { values: { retryAfterS: Math.max(1, Math.ceil(msBeforeNext / 1000)) } });

/** Account-less guests: the landing of their link and join-guest (a guest session for one floor). */
export class GuestService {
  constructor(private readonly deps: GuestServiceDeps) {}

  async landing(floorId: number, appId: string): Promise<GuestLanding> {
    const { floor, participant } = await resolveGuestLink(this.deps.models, floorId, appId);
    const count = await this.deps.models.FloorParticipant.count({ where: { floorId } });
    return { floor: toFloorDto(floor, count, false, this.deps.clock.now()), name: participant?.name ?? null };
  }

  /**
   * POST {floorId}/join-guest: the link must open the floor, the floor must
   * be running and its password (if any) right. An invited guest becomes (or
   * stays) their own guest user; an invite-link visitor becomes a new GUEST
   * participant. Answers a session token for this floor only.
   */
  async join(floorId: number, body: JoinInput, address: string, locale: Locale): Promise<GuestSession> {
    const { models, clock, passwords } = this.deps;
    // an address that used up its new guests is refused before anything is read (a minting loop costs nothing)
    await this.assertMayMint(floorId, address);
    const { floor, participant } = await resolveGuestLink(models, floorId, body.participantId);
    const status = floorStatus(floor.type, floor.startAt, floor.endAt, clock.now());
    if (status === 'finished') throw new AppError('PAST_FLOOR');
    if (status === 'upcoming')
      throw new AppError('FLOOR_NOT_STARTED', { values: { start: toJapanTime(floor.startAt!) } });
    // counted per invited guest (their link) or, for the floor's invite link, per floor; and per address
    // issue 16 hook: a guest invited to an appointment enters only during it
    if (participant && this.deps.admitGuest) await this.deps.admitGuest(participant);
    const who = participant ? `participant:${participant.id}` : null;
    await passwords.check(floor, { participant: who, address }, body.password);
    if (!participant) await this.countNewGuest(floor, address);
    const { user, row } = await immediate(models, (transaction) =>
      participant
        ? this.invitedGuest(participant, body.name, locale, transaction)
        : this.newGuest(floor, body.name, locale, transaction),
    );
    const { token, expiresAt } = signGuestToken(this.deps.secret, { sub: String(user.id), fid: floor.id, pid: row.id });
    return {
      floorId: floor.id,
      token,
      expiresAt: expiresAt.toISOString(),
      participantId: row.publicToken,
      userId: user.id,
      name: user.name,
    };
  }

  /** Refuses at once an address whose new guests on this floor, or over every floor, are used up. */
  private async assertMayMint(floorId: number, address: string) {
    const [onFloor, anywhere, burst] = await Promise.all([
      this.deps.newGuests.get(`${floorId}:${address}`),
      this.deps.newGuestsByAddress.get(address),
      this.deps.newGuestBurst.get(address),
    ]);
    const limits = this.deps.newGuestLimits;
    for (const [used, limit] of [
      [onFloor, limits.perFloor],
      [anywhere, limits.perAddress],
      [burst, limits.burst],
    ] as const)
      if (used && used.consumedPoints >= limit) throw rateLimited(used.msBeforeNext);
  }

  private async countNewGuest(floor: Floor, address: string) {
    try {
      await this.deps.newGuests.consume(`${floor.id}:${address}`, 1);
      await this.deps.newGuestsByAddress.consume(address, 1);
      await this.deps.newGuestBurst.consume(address, 1);
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      throw rateLimited((rejection as RateLimiterRes).msBeforeNext);
    }
  }

  private guestUser(name: string, locale: Locale, transaction: Parameters<Parameters<typeof immediate>[1]>[0]) {
    const email = `guest-${crypto.randomBytes(12).toString('base64url').toLowerCase()}${GUEST_EMAIL_DOMAIN}`;
    return this.deps.models.User.create(
      { name, email, passwordHash: null, type: GUEST_ACCOUNT, status: 'active', verifiedAt: null, locale },
      { transaction },
    );
  }

  /** The invited guest's row, read again under the write lock: two tabs at once make one guest user. */
  private async invitedGuest(
    invited: FloorParticipant,
    name: string,
    locale: Locale,
    transaction: Parameters<Parameters<typeof immediate>[1]>[0],
  ) {
    const { models } = this.deps;
    const row = await models.FloorParticipant.findByPk(invited.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw new AppError('INVALID_FLOOR_LINK'); // dismissed meanwhile
    const linked = row.userId ? await models.User.findByPk(row.userId, { transaction }) : null;
    if (linked && linked.type !== GUEST_ACCOUNT) throw new AppError('SIGN_IN_TO_VIEW_FLOOR');
    const user = linked
      ? await linked.update({ name }, { transaction })
      : await this.guestUser(name, locale, transaction);
    await row.update({ userId: user.id, name, status: 'participated' }, { transaction });
    return { user, row };
  }

  private async newGuest(
    floor: Floor,
    name: string,
    locale: Locale,
    transaction: Parameters<Parameters<typeof immediate>[1]>[0],
  ) {
    const user = await this.guestUser(name, locale, transaction);
    const row = await this.deps.models.FloorParticipant.create(
      {
        floorId: floor.id,
        userId: user.id,
        email: user.email,
        name,
        type: 'GUEST',
        status: 'participated',
        invitedBy: null,
      },
      { transaction },
    );
    return { user, row };
  }
}
