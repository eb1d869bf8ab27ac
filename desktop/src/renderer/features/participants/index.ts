export { ParticipantsButton } from './components/ParticipantsButton';
export { ParticipantsDialog } from './components/ParticipantsDialog';
export { participantsSaga } from './sagas';
export { participantsReducer, selectParticipants, type ParticipantsState, type WithParticipants } from './slice';
