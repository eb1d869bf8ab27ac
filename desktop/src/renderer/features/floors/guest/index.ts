export { FloorEntryLayout, FloorLandingRoute, FloorLiveRoute } from './FloorRoutes';
export { FloorPasswordDialog } from './FloorPasswordDialog';
export { GuestInviteLink } from './GuestInviteLink';
export { askFloorPassword, guestSaga, type GuestSagaDeps } from './guest-sagas';
export { guestSessions, createGuestSessions, type GuestSessions } from './guest-sessions';
export { useGuestLink } from './use-guest';
export { floorEntryReducer, type WithFloorEntry } from './entry-slice';
