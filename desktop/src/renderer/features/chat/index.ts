export { ChatConnection } from './components/ChatConnection';
export { ChatNavBadge } from './components/ChatNavBadge';
export { ChatPage } from './components/ChatPage';
export { FloorChatPanel } from './components/FloorChatPanel';
export { chatReducer, selectChat, selectUnreadTotal, type WithChat } from './slice';
export { chatSaga, type ChatSagaDeps } from './sagas';
