import type { Sequelize } from 'sequelize';
import { defineUser } from '../features/users/user.model';
import { defineCompany } from '../features/companies/company.model';
import { defineTokenModels } from '../features/auth/token.models';
import { defineEmployeeInvitation } from '../features/invitations/invitation.model';
import { defineFloorModels } from '../features/floors/models';
import { defineLiveModels } from '../features/floors/live/live.models';
import { defineChatModels } from '../features/chat/chat.models';
import { defineAdminAudit } from '../features/admin/audit.model';
import { defineBillingModels } from '../features/billing/billing.models';
import { defineStageModels } from '../features/stage/stage.models';
import { defineAppointment } from '../features/appointments/appointment.model';
import { defineActivity } from '../features/activities/activity.model';
import { defineVirtualBackground } from '../features/virtual-backgrounds/virtual-background.model';
import { defineAttendanceModels } from '../features/attendance/attendance.models';
import { defineRecording, defineRecordingViewer } from '../features/recordings/recording.model';
import { defineCompanyUploadModels } from '../features/company-uploads/company-uploads.models';

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
    ...defineAttendanceModels(sequelize),
    AdminAudit: defineAdminAudit(sequelize),
    ...defineBillingModels(sequelize),
    Recording: defineRecording(sequelize),
    RecordingViewer: defineRecordingViewer(sequelize),
    ...defineStageModels(sequelize),
    Appointment: defineAppointment(sequelize),
    ...defineCompanyUploadModels(sequelize),
    Activity: defineActivity(sequelize),
  };
}
export type Models = ReturnType<typeof defineModels>;
