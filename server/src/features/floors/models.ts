import type { Sequelize } from 'sequelize';
import { defineFloor } from './floor.model';
import { defineFloorParticipant } from './participant.model';
import { defineFloorRoom } from './room.model';
import { defineRevokedGuestLink } from './guests/revoked-link.model';

/** The floor feature's models, bound to one database (see db/models.ts). */
export const defineFloorModels = (sequelize: Sequelize) => ({
  Floor: defineFloor(sequelize),
  FloorRoom: defineFloorRoom(sequelize),
  FloorParticipant: defineFloorParticipant(sequelize),
  RevokedGuestLink: defineRevokedGuestLink(sequelize),
});
