export { DesktopBridge } from './components/DesktopBridge';
export { currentPlatform } from './platform';
export { useDesktopEvent } from './use-desktop-event';
export { knockNotificationsSaga } from './knock-notifications';
export { micMirrorSaga } from './mic-mirror';
