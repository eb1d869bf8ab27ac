export { InvitationService } from './invitation.service';
export { invitationRoutes } from './invitation.routes';
export { adminInvitationRoutes } from './invitation-admin.routes';
