export { EmployeeList } from './components/EmployeeList';
export { InvitationPage } from './components/InvitationPage';
export { InvitationResume } from './components/InvitationResume';
export { InviteForm } from './components/InviteForm';
export { invitationsSaga, type InvitationsSagaDeps } from './sagas';
export { invitationsReducer, selectInvitations, type InvitationsState, type WithInvitations } from './slice';
export { invitationPath, storeInvitation, takeStoredInvitation } from './stored-invitation';
