import type { Sequelize } from 'sequelize';
import { defineUser } from '../features/users/user.model';
import { defineCompany } from '../features/companies/company.model';
import { defineTokenModels } from '../features/auth/token.models';
import { defineEmployeeInvitation } from '../features/invitations/invitation.model';
import { defineFloorModels } from '../features/floors/models';
import { defineLiveModels } from '../features/floors/live/live.models';
import { defineChatModels } from '../features/chat/chat.models';
import { defineVirtualBackground } from '../features/virtual-backgrounds/virtual-background.model';

/** Every model, bound to one database. Features receive this object, never a global. */
export function defineModels(sequelize: Sequelize) {
  return {
    User: defineUser(sequelize),
    Company: defineCompany(sequelize),
    EmployeeInvitation: defineEmployeeInvitation(sequelize),
    ...defineTokenModels(sequelize),
    ...defineFloorModels(sequelize),
    ...defineLiveModels(sequelize),
    ...defineChatModels(sequelize),
    VirtualBackground: defineVirtualBackground(sequelize),
  };
}
export type Models = ReturnType<typeof defineModels>;
