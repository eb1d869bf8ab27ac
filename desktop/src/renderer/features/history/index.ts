export { HistoryPage } from './components/HistoryPage';
export { HistoryLink } from './components/HistoryLink';
export { historySaga } from './sagas';
export { historyReducer, selectHistory, type HistoryState, type WithHistory } from './slice';
