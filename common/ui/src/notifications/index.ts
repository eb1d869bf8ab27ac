export { Toaster } from './Toaster';
export { notificationsSaga } from './sagas';
export {
  dismissed,
  errorsDismissed,
  notificationsReducer,
  notify,
  selectNotifications,
  type Notification,
  type NotificationKind,
  type WithNotifications,
} from './slice';
