export { HomePage } from './components/HomePage';
export { PlanPage } from './components/PlanPage';
export { ReconnectDialog } from './components/ReconnectDialog';
export { shellReducer, selectShell, type WithShell } from './slice';
export { shellSaga, type ShellSagaDeps } from './sagas';
