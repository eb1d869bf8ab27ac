import type { ApiClient } from '@tsudoi/ui/api';
import type { AppSocket } from '@tsudoi/ui/session';
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
