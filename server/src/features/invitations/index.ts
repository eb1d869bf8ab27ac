export { InvitationService } from './invitation.service';
export { invitationRoutes } from './invitation.routes';
