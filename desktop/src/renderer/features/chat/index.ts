export { ChatConnection } from './components/ChatConnection';
export { ChatNavBadge } from './components/ChatNavBadge';
export { ChatPage } from './components/ChatPage';
export { FloorChatPanel } from './components/FloorChatPanel';
export { ChatThreadView } from './components/ChatThreadView';
export {
  chatReducer,
  conversationOpened,
  directChatRequested,
  joinRequested as chatJoinRequested,
  conversationJoined as chatConversationJoined,
  joinFailed as chatJoinFailed,
  savedChatDownloadRequested,
  floorPanelShown,
  selectChat,
  selectUnreadTotal,
  type WithChat,
} from './slice';
export { messageTargetOf, type MessageTarget } from './message-target';
export { ChatIcon } from './components/chat-icons';
export { chatSaga, type ChatSagaDeps } from './sagas';
export { downloadFile, type TransferOptions } from './transfer';
export { browserEffects } from './effects';
