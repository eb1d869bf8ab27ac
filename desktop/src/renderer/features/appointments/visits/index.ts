export { VisitLayer } from './VisitLayer';
export { visitsSaga } from './visit-sagas';
export { visitsReducer, selectVisits, type VisitState, type WithVisits } from './visit-slice';
