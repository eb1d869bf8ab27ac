import { ROOMS } from '@tsudoi/common';
import type { CreationAttributes, Transaction } from 'sequelize';
import type { Models } from '../../db/models';
import type { User } from '../users/user.model';
import type { Floor } from './floor.model';

/**
 * Writes a checked floor with its 24 rooms and the HOST participant (all
 * permissions). Used by create and duplicate, and by the demo seed.
 */
export async function insertFloor(
  models: Models,
  host: User,
  fields: Omit<CreationAttributes<Floor>, 'hostId'>,
  transaction: Transaction,
): Promise<Floor> {
  const floor = await models.Floor.create({ ...fields, hostId: host.id }, { transaction });
  await models.FloorRoom.bulkCreate(
    ROOMS.map((room) => ({ floorId: floor.id, number: room.number, seat: room.seat })),
    { transaction },
  );
  await models.FloorParticipant.create(
    {
      floorId: floor.id,
      userId: host.id,
      email: host.email,
      name: host.name,
      type: 'HOST',
      status: 'participated',
      permissionSpeech: true,
      permissionSubhost: true,
      permissionMeetingRoom: true,
      permissionReceptionRoom: true,
      permissionConference: true,
      permissionRecording: true,
      invitedBy: null,
    },
    { transaction },
  );
  return floor;
}
