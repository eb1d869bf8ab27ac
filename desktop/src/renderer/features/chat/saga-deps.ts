import type { ApiClient } from '../../services/api';
import type { AppSocket } from '../../services/socket-types';
import type { ChatSocketOptions } from './chat-socket';
import type { ChatEffects } from './effects';
import type { TransferOptions } from './transfer';

/** What the chat's sagas are given (tests give their own socket and effects). */
export interface ChatSagaDeps {
  api: ApiClient;
  /** XMLHttpRequest settings for uploads and downloads (renewal is added here). */
  transfer: Omit<TransferOptions, 'renew'>;
  /** Opens the socket (defaults to the page origin). */
  open?: (options: ChatSocketOptions) => AppSocket;
  effects?: ChatEffects;
}
