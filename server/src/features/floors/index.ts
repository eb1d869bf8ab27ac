import path from 'node:path';
import { FLOOR_IMAGE_MAX_BYTES } from '@tsudoi/common';
import type { Router } from 'express';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Guards } from '../auth/guards';
import type { Mailer } from '../mail/mailer';
import { ImageStore } from '../uploads';
import { floorRoutes } from './floor.routes';
import { FloorService } from './floor.service';
import { ParticipantLogService } from './participant-log/participant-log.service';
import { participantLogRoutes } from './participant-log/participant-log.routes';
import { TeamFloorService } from './team-floor';
import { teamFloorRoutes } from './team-floor.routes';
import { participantRoutes } from './participant.routes';
import { ParticipantService } from './participant.service';
import { roomRoutes } from './room.routes';
import { RoomService } from './room.service';

export { FloorService } from './floor.service';
export { RoomService } from './room.service';
export { ParticipantService } from './participant.service';
export { viewFloor, manageFloor, type FloorAccess } from './floor-access';

/** Floor images: JPG or PNG only, at most 1 MB (spec §5), in the same upload folder as the other images. */
export const FLOOR_IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

export interface FloorFeatureDeps {
  models: Models;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  guards: Guards;
  dataDir: string;
  publicUrl: () => string;
}

/** The floor feature's services and routers (floors, rooms, participants). */
export function createFloorFeature({ models, clock, mailer, logger, guards, dataDir, publicUrl }: FloorFeatureDeps) {
  const floorImages = new ImageStore(
    path.join(dataDir, 'uploads'),
    FLOOR_IMAGE_MAX_BYTES,
    FLOOR_IMAGE_TYPES,
    'UNSUPPORTED_FLOOR_IMAGE_FORMAT',
  );
  const floors = new FloorService({ models, clock, images: floorImages });
  const rooms = new RoomService(models);
  const participants = new ParticipantService({ models, mailer, logger, publicUrl });
  const routers: Router[] = [
    floorRoutes({ models, clock, floors, floorImages, guards }),
    roomRoutes({ rooms, guards }),
    participantRoutes({ participants, guards }),
    participantLogRoutes({ log: new ParticipantLogService(models), guards }),
    teamFloorRoutes({ teamFloor: new TeamFloorService(models, participants), guards }),
  ];
  return { floors, rooms, participants, routers };
}
export type FloorFeature = ReturnType<typeof createFloorFeature>;
