export { PresentationView } from './components/PresentationView';
export { StageBanner } from './components/StageBanner';
export { stageSaga } from './stage-sagas';
export { selectStage, stageReducer, type StageState, type WithStage } from './stage-slice';
