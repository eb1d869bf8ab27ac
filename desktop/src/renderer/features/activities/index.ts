export { TodayEventsButton } from './components/TodayEventsButton';
export { TodayEventsDialog } from './components/TodayEventsDialog';
export { activitiesSaga } from './sagas';
export { activitiesReducer, selectActivities, type ActivitiesState, type WithActivities } from './slice';
