import { Op, UniqueConstraintError, col, fn, literal } from 'sequelize';
import {
  type FloorEmployee,
  type Locale,
  type Paged,
  type PageQuery,
  type ParticipantDto,
  type ParticipantRegisterBody,
  avatarColour,
} from '@tsudoi/common';
import type { z } from 'zod';
import type { participantRegisterSchema, participantUpdateSchema } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { paged, pageWindow } from '../../http/answers';
import type { Logger } from '../../lib/logger';
import { ownCompanyId, transact } from '../companies';
import { immediate } from './floor-access';
import type { Mailer } from '../mail/mailer';
import type { User } from '../users/user.model';
import { manageFloor, ownsEmail, through, viewFloor } from './floor-access';
import { permissionColumns, toParticipantDto } from './floor.dto';
import { checkParticipantList } from './participant-checks';
import { floorInvitationMail } from './participant-mail';
import type { FloorParticipant } from './participant.model';
import { assertMayBringOutsiders, isFloorGuest } from './outsider-policy';

export interface ParticipantDeps {
  models: Models;
  mailer: Mailer;
  logger: Logger;
  publicUrl: () => string;
}
type RegisterInput = z.output<typeof participantRegisterSchema>;
type Permissions = z.output<typeof participantUpdateSchema>['permissions'];
export type { ParticipantRegisterBody };

/** Floor participants: invitations (with mails), the list, permissions, removal, the team member picker. */
export class ParticipantService {
  private readonly listeners: ((floorId: number) => void)[] = [];
  constructor(private readonly deps: ParticipantDeps) {}

  /** Called after participants are added, their permissions change or they are removed (the live floor re-checks). */
  onChanged(listener: (floorId: number) => void): void {
    this.listeners.push(listener);
  }

  private changed(floorId: number): void {
    for (const listener of this.listeners) listener(floorId);
  }

  private readonly removedListeners: ((floorId: number, userId: number) => void)[] = [];
  /** Called after a participant who has an account is removed (the live floor takes them off it). */
  onRemoved(listener: (floorId: number, userId: number) => void): void {
    this.removedListeners.push(listener);
  }

  /** The account a row stands for: its own, or before it was linked the account that confirmed its address. */
  private async accountOf(row: FloorParticipant): Promise<number | null> {
    if (row.userId) return row.userId;
    const user = await this.deps.models.User.findOne({ where: { email: row.email, type: 'user' } });
    return user && ownsEmail(user) ? user.id : null;
  }

  /**
   * Invites every entry or none. A team member of the floor's team becomes
   * EMPLOYEE, anyone else GUEST; an existing account that confirmed its
   * address is linked. Each person
   * gets a mail in their account's language, else in the inviter's request
   * language. Answers the rows and the e-mails whose mail failed.
   */
  async register(user: User, body: RegisterInput, locale: Locale) {
    const { models } = this.deps;
    const { floor, created } = await this.insert(user, body, locale);
    this.changed(floor.id);
    const url = `${this.deps.publicUrl()}/floors/${floor.id}`;
    const results = await Promise.allSettled(
      created.map(async (p) => {
        const account = p.userId ? await models.User.findByPk(p.userId) : null;
        // A guest without an account gets their own link (app_id): they enter without signing up.
        const link = p.type === 'GUEST' && !account ? `${url}?app_id=${p.publicToken}` : url;
        const mail = floorInvitationMail(account?.locale ?? locale, user.name, floor, link);
        await this.deps.mailer.send({ to: p.email, link, ...mail });
      }),
    );
    const unsent = created.filter((_p, i) => results[i]!.status === 'rejected').map((p) => p.email);
    for (const r of results) if (r.status === 'rejected') this.deps.logger.warn({ err: r.reason }, 'floor mail failed');
    return { participants: created.map(toParticipantDto), unsent };
  }

  /** The rows of register(), all or none. Two concurrent lists with one address: the loser gets alreadyInvited. */
  private async insert(user: User, body: RegisterInput, locale: Locale) {
    const { models } = this.deps;
    const emails = body.participants.map((p) => p.email);
    try {
      return await immediate(models, async (transaction) => {
        const access = await manageFloor(models, user, body.floorId, transaction);
        assertMayBringOutsiders(user, access, { kind: 'floor' });
        const { floor } = access;
        await checkParticipantList(models, user, floor.id, emails, locale, transaction);
        const accounts = await models.User.findAll({ where: { email: { [Op.in]: emails } }, transaction });
        // an account that has not confirmed the address is not its owner yet: the row waits for the e-mail
        const accountOf = new Map(accounts.filter(ownsEmail).map((a) => [a.email, a]));
        const created: FloorParticipant[] = [];
        for (const entry of body.participants) {
          const account = accountOf.get(entry.email);
          const row = await models.FloorParticipant.create(
            {
              floorId: floor.id,
              userId: account?.id ?? null,
              email: entry.email,
              name: entry.name || account?.name || entry.email.split('@')[0]!,
              type: account && account.employmentCompanyId === floor.companyId ? 'EMPLOYEE' : 'GUEST',
              invitedBy: user.id,
              ...permissionColumns(entry.permissions ?? {}),
            },
            { transaction },
          );
          created.push(row);
        }
        return { floor, created };
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
      await transact(models, (transaction) =>
        checkParticipantList(models, user, body.floorId, emails, locale, transaction),
      );
      throw error;
    }
  }

  /**
   * Everyone invited to a floor the caller can see, the HOST first, then by
   * name. Not for the floor's guests (unless the host made them subhost):
   * the list carries every address.
   */
  async list(user: User, floorId: number, query: PageQuery): Promise<Paged<ParticipantDto>> {
    const access = await viewFloor(this.deps.models, user, floorId);
    if (isFloorGuest(user, access) && !access.canManage) throw new AppError('FORBIDDEN');
    const { rows, count } = await this.deps.models.FloorParticipant.findAndCountAll({
      where: { floorId },
      order: [
        [literal("CASE WHEN type = 'HOST' THEN 0 ELSE 1 END"), 'ASC'],
        [fn('LOWER', col('name')), 'ASC'],
        ['id', 'ASC'],
      ],
      ...pageWindow(query),
    });
    return paged(rows.map(toParticipantDto), count, query);
  }

  async detail(user: User, id: number, manage = false): Promise<FloorParticipant> {
    const participant = await this.deps.models.FloorParticipant.findByPk(id);
    if (!participant) throw new AppError('PARTICIPANT_NOT_FOUND');
    const check = manage ? manageFloor : viewFloor;
    const access = await through(() => check(this.deps.models, user, participant.floorId), 'PARTICIPANT_NOT_FOUND');
    // a guest of the floor sees their own row only (the others carry addresses)
    if (isFloorGuest(user, access) && !access.canManage && access.me?.id !== participant.id)
      throw new AppError('PARTICIPANT_NOT_FOUND');
    return participant;
  }

  /** The host or a subhost changes the flags given; the HOST's own row is fixed. */
  async update(user: User, id: number, permissions: Permissions): Promise<FloorParticipant> {
    const participant = await this.detail(user, id, true);
    if (participant.type === 'HOST') throw new AppError('HOST_PARTICIPANT_FIXED');
    await participant.update(permissionColumns(permissions));
    this.changed(participant.floorId);
    return participant;
  }

  async remove(user: User, id: number): Promise<FloorParticipant> {
    const participant = await this.detail(user, id, true);
    if (participant.type === 'HOST') throw new AppError('HOST_PARTICIPANT_FIXED');
    const account = await this.accountOf(participant);
    await participant.destroy();
    this.changed(participant.floorId);
    if (account) for (const listener of this.removedListeners) listener(participant.floorId, account);
    return participant;
  }

  /**
   * A host dismissed a guest from the live floor (floor:dismissGuest): their
   * GUEST row ends, and with it their link and their floor chats.
   */
  async dismissed(floorId: number, userId: number): Promise<void> {
    const removed = await this.deps.models.FloorParticipant.destroy({ where: { floorId, userId, type: 'GUEST' } });
    if (removed > 0) this.changed(floorId);
  }

  /** A platform admin removes a participant row (admin/participant/{id}); the host's row stays. */
  async operatorRemove(id: number): Promise<FloorParticipant> {
    const participant = await this.deps.models.FloorParticipant.findByPk(id);
    if (!participant) throw new AppError('PARTICIPANT_NOT_FOUND');
    if (participant.type === 'HOST') throw new AppError('HOST_PARTICIPANT_FIXED');
    const account = await this.accountOf(participant);
    await participant.destroy();
    this.changed(participant.floorId);
    if (account) for (const listener of this.removedListeners) listener(participant.floorId, account);
    return participant;
  }

  /**
   * admin/participant/resend: the invitation mail again for every pending
   * invitation of the address on a floor that still exists, each from its
   * floor's host. Answers how many were sent; none pending is RESEND_INVITATION_FAILED.
   */
  async operatorResend(email: string, locale: Locale): Promise<number> {
    const { models, mailer, publicUrl } = this.deps;
    const rows = await models.FloorParticipant.findAll({ where: { email: email.toLowerCase(), status: 'pending' } });
    let sent = 0;
    for (const p of rows) {
      const floor = await models.Floor.findByPk(p.floorId);
      if (!floor) continue;
      const [host, account] = await Promise.all([
        models.User.findByPk(floor.hostId),
        p.userId ? models.User.findByPk(p.userId) : null,
      ]);
      const url = `${publicUrl()}/floors/${floor.id}`;
      const link = p.type === 'GUEST' && !account ? `${url}?app_id=${p.publicToken}` : url;
      const mail = floorInvitationMail(account?.locale ?? locale, host?.name ?? 'Tsudoi', floor, link);
      await mailer.send({ to: p.email, link, ...mail });
      sent += 1;
    }
    if (sent === 0) throw new AppError('RESEND_INVITATION_FAILED');
    return sent;
  }

  /** The caller's team members but the caller, by name, each marked when already on the floor given. */
  async employees(user: User, query: PageQuery & { floorId?: number }): Promise<Paged<FloorEmployee>> {
    const { models } = this.deps;
    const companyId = ownCompanyId(user);
    const onFloor = new Set<string>();
    if (query.floorId) {
      await viewFloor(models, user, query.floorId);
      const rows = await models.FloorParticipant.findAll({ where: { floorId: query.floorId }, attributes: ['email'] });
      for (const row of rows) onFloor.add(row.email);
    }
    const { rows, count } = await models.User.findAndCountAll({
      where: { employmentCompanyId: companyId, id: { [Op.ne]: user.id } },
      order: [
        [fn('LOWER', col('name')), 'ASC'],
        ['id', 'ASC'],
      ],
      ...pageWindow(query),
    });
    const data = rows.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      avatarColor: avatarColour(u.name),
      avatarImageUrl: u.avatarImageUrl ?? null,
      invited: onFloor.has(u.email),
    }));
    return paged(data, count, query);
  }
}
