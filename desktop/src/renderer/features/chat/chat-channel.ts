import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { chatEventSchemas, type ChatConversationDto, type ChatLastReadDto, type ChatMessageDto } from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';

/** What the chat saga hears from its socket, checked against the protocol schemas. */
export type ChatSocketMessage =
  | { type: 'connected' }
  | { type: 'disconnected'; reason: string }
  | { type: 'connectFailed'; code: string | null; message: string }
  | { type: 'messageCreated'; message: ChatMessageDto }
  | { type: 'messageUpdated'; message: ChatMessageDto }
  | { type: 'messageSeen'; read: ChatLastReadDto }
  | { type: 'conversationUpdated'; conversation: ChatConversationDto }
  | { type: 'conversationCleared'; conversationId: number };

/** The chat socket's events as a saga channel; malformed server events are dropped. */
export function chatChannel(socket: AppSocket): EventChannel<ChatSocketMessage> {
  return eventChannel<ChatSocketMessage>((emit) => {
    const handlers = {
      connect: () => emit({ type: 'connected' }),
      disconnect: (reason: string) => emit({ type: 'disconnected', reason }),
      connect_error: (error: Error & { data?: { code?: unknown } }) =>
        emit({
          type: 'connectFailed',
          code: typeof error.data?.code === 'string' ? error.data.code : null,
          message: error.message,
        }),
      'chat:messageCreated': (v: unknown) => {
        const r = chatEventSchemas['chat:messageCreated'].safeParse(v);
        if (r.success) emit({ type: 'messageCreated', message: r.data });
      },
      'chat:messageUpdated': (v: unknown) => {
        const r = chatEventSchemas['chat:messageUpdated'].safeParse(v);
        if (r.success) emit({ type: 'messageUpdated', message: r.data });
      },
      'chat:messageSeen': (v: unknown) => {
        const r = chatEventSchemas['chat:messageSeen'].safeParse(v);
        if (r.success) emit({ type: 'messageSeen', read: r.data });
      },
      'chat:conversationUpdated': (v: unknown) => {
        const r = chatEventSchemas['chat:conversationUpdated'].safeParse(v);
        if (r.success) emit({ type: 'conversationUpdated', conversation: r.data });
      },
      'chat:conversationCleared': (v: unknown) => {
        const r = chatEventSchemas['chat:conversationCleared'].safeParse(v);
        if (r.success) emit({ type: 'conversationCleared', conversationId: r.data.conversationId });
      },
    };
    // One loop over a fixed list keeps on/off in step; the casts only widen the listener types.
    const entries = Object.entries(handlers) as [string, (...args: never[]) => void][];
    const target = socket as unknown as {
      on(e: string, f: (...args: never[]) => void): void;
      off(e: string, f: (...args: never[]) => void): void;
    };
    for (const [event, handler] of entries) target.on(event, handler);
    return () => {
      for (const [event, handler] of entries) target.off(event, handler);
    };
  }, buffers.expanding(128));
}
