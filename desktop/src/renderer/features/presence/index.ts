export { followActiveStatus, syncActiveStatus } from './live-status';
export { presenceSaga } from './sagas';
export {
  activeStatusAdopted,
  activeStatusRequested,
  presenceReducer,
  selectActiveStatus,
  selectPresence,
  type PresenceState,
  type WithPresence,
} from './slice';
