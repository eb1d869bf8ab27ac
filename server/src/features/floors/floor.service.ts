import { toJapanTime, type FloorDto, type FloorEntryDto, type Locale } from '@tsudoi/common';
import type { Transaction } from 'sequelize';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../auth/password';
import { transact } from '../companies';
import type { ImageStore } from '../uploads';
import type { User } from '../users/user.model';
import { manageFloor, viewFloor } from './floor-access';
import { checkDetailsAndPlan, type FloorInput, type ParsedFloorCreate } from './floor-input';
import { checkFloorTimes } from './floor-times';
import type { Floor } from './floor.model';
import { insertFloor } from './floor-insert';
import { floorDtos } from './floor-lists';
import { enterFloor } from './floor-entry';
import { toParticipantDto, toRoomDto } from './floor.dto';

export interface FloorServiceDeps {
  models: Models;
  clock: Clock;
  images: ImageStore;
}

/** What a platform admin may change on a floor. */
export type OperatorFloorField = 'title' | 'catchcopy' | 'catchphrase' | 'description' | 'privacy';

const CREATOR_ROLES = new Set(['OWNER', 'ADMIN']);

/** Floors: create (with its 24 rooms and HOST), edit, duplicate, delete (soft), detail. */
export class FloorService {
  private readonly listeners: ((floorId: number) => void)[] = [];
  constructor(private readonly deps: FloorServiceDeps) {}

  /** Called after a floor is edited or deleted (the live floor re-checks the people on it). */
  onChanged(listener: (floorId: number) => void): void {
    this.listeners.push(listener);
  }

  /** A team's OWNER or ADMIN creates a floor of the team and becomes its HOST. */
  async create(user: User, body: ParsedFloorCreate, locale: Locale): Promise<Floor> {
    if (!user.employmentCompanyId || !CREATOR_ROLES.has(user.employeeRole ?? '')) throw new AppError('FORBIDDEN');
    const companyId = user.employmentCompanyId;
    const fields = await this.fields(body, null, locale);
    return transact(this.deps.models, (transaction) =>
      this.insert(user, { ...fields, companyId, imageUrl: null }, transaction),
    );
  }

  /** The host or a subhost edits any subset; the time rules run on the merged result. */
  async update(user: User, id: number, body: Partial<ParsedFloorCreate>, locale: Locale): Promise<Floor> {
    const { floor } = await manageFloor(this.deps.models, user, id);
    const saved: FloorInput = {
      title: floor.title,
      catchcopy: floor.catchcopy,
      catchphrase: floor.catchphrase,
      description: floor.description,
      type: floor.type,
      privacy: floor.privacy,
      startAt: floor.startAt && toJapanTime(floor.startAt),
      endAt: floor.endAt && toJapanTime(floor.endAt),
      floorPlanId: floor.floorPlanId,
    };
    const given = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const merged = { ...saved, ...given };
    const fields = await this.fields(merged, floor, locale);
    await floor.update(fields);
    for (const listener of this.listeners) listener(floor.id);
    return floor;
  }

  /**
   * A copy of a floor the caller manages and whose team they may create floors for (OWNER or ADMIN):
   * its image, plan and room settings, with the new body's texts and times.
   */
  async duplicate(user: User, sourceId: number, body: ParsedFloorCreate, locale: Locale): Promise<Floor> {
    const { models, images } = this.deps;
    const { floor: source } = await manageFloor(models, user, sourceId);
    // The copy is a new floor of the source's team: only that team's OWNER or ADMIN may create one.
    if (user.employmentCompanyId !== source.companyId || !CREATOR_ROLES.has(user.employeeRole ?? '')) {
      throw new AppError('FORBIDDEN');
    }
    const fields = await this.fields(body, null, locale);
    const imageUrl = await images.copy(source.imageUrl);
    try {
      return await transact(models, async (transaction) => {
        const floor = await this.insert(user, { ...fields, companyId: source.companyId, imageUrl }, transaction);
        const rooms = await models.FloorRoom.findAll({ where: { floorId: source.id }, transaction });
        for (const room of rooms) {
          await models.FloorRoom.update(
            { seat: room.seat, saveChat: room.saveChat },
            { where: { floorId: floor.id, number: room.number }, transaction },
          );
        }
        return floor;
      });
    } catch (error) {
      await images.remove(imageUrl);
      throw error;
    }
  }

  /** Soft delete: the floor leaves every list and answers 404; its rows stay for the platform admins. */
  async remove(user: User, id: number): Promise<Floor> {
    const { floor } = await manageFloor(this.deps.models, user, id);
    await floor.destroy();
    for (const listener of this.listeners) listener(floor.id);
    return floor;
  }

  /** A platform admin's edit (admin/floors/{id}): texts and privacy only, no host rules; the live floor re-checks. */
  async operatorUpdate(id: number, fields: Partial<Pick<Floor, OperatorFloorField>>): Promise<Floor> {
    const floor = await this.deps.models.Floor.findByPk(id);
    if (!floor) throw new AppError('FLOOR_NOT_FOUND');
    await floor.update(fields);
    for (const listener of this.listeners) listener(floor.id);
    return floor;
  }

  /** A platform admin's delete (admin/floors/{id}): soft, like the host's, and the people on it are taken off. */
  async operatorRemove(id: number): Promise<Floor> {
    const floor = await this.deps.models.Floor.findByPk(id);
    if (!floor) throw new AppError('FLOOR_NOT_FOUND');
    await floor.destroy();
    for (const listener of this.listeners) listener(floor.id);
    return floor;
  }

  async dto(user: User, floor: Floor): Promise<FloorDto> {
    return (await floorDtos(this.deps.models, user, [floor], this.deps.clock.now()))[0]!;
  }

  async detail(user: User, id: number): Promise<FloorDto> {
    return this.dto(user, (await viewFloor(this.deps.models, user, id)).floor);
  }

  /** GET /floors/{id}/join: a floor the caller may enter now, their participant row and the rooms; places no one. */
  async join(user: User, id: number, locale: Locale): Promise<FloorEntryDto> {
    const { models, clock } = this.deps;
    const access = await enterFloor(models, user, id, clock.now());
    const rooms = await models.FloorRoom.findAll({ where: { floorId: id }, order: [['number', 'ASC']] });
    return {
      floor: await this.dto(user, access.floor),
      currentParticipant: access.me && toParticipantDto(access.me),
      rooms: rooms.map((room) => toRoomDto(room, locale, access.canManage || room.lockedBy === user.id)),
    };
  }

  /** Checked columns of a create or edit (details and plan, then times, then the password hash). */
  private async fields(input: FloorInput & { password?: string | null }, saved: Floor | null, locale: Locale) {
    checkDetailsAndPlan(input, locale);
    const times = checkFloorTimes(input, this.deps.clock.now(), saved?.startAt ?? null, locale);
    const passwordHash =
      input.password === undefined
        ? (saved?.passwordHash ?? null)
        : input.password === null
          ? null
          : await hashPassword(input.password);
    return {
      title: input.title,
      catchcopy: input.catchcopy ?? null,
      catchphrase: input.catchphrase ?? null,
      description: input.description ?? null,
      type: input.type,
      privacy: input.privacy,
      floorPlanId: input.floorPlanId!,
      passwordHash,
      ...times,
    };
  }

  private insert(
    user: User,
    fields: Awaited<ReturnType<FloorService['fields']>> & { companyId: number; imageUrl: string | null },
    transaction: Transaction,
  ): Promise<Floor> {
    return insertFloor(this.deps.models, user, fields, transaction);
  }
}
