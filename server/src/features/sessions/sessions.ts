import { formatMessage, type Locale, type MessageId, type SessionRevokedReason } from '@tsudoi/common';
import type { Logger } from '../../lib/logger';
import type { IoServer, IoSocket } from '../../realtime/types';

/** Every socket of one sign-in (refresh-token family). */
export const signInChannel = (family: string) => `session:${family}`;
/** Every socket of one account: its users' sign-ins, or a guest session. */
export const accountChannel = (userId: number) => `account:${userId}`;

const messageOf = (reason: SessionRevokedReason): MessageId => `session.revoked.${reason}`;

export interface EndOptions {
  /** Values of the message (the team's name when removed from a team). */
  values?: Record<string, string>;
  /** A sign-in whose sockets stay (a password change keeps the device it came from). */
  except?: string;
}

/**
 * Ends open sockets when a sign-in or a person's standing changes: logout,
 * password reset or change, account deletion, removal from a team. Every
 * socket joins the channel of its sign-in and of its account at connection;
 * ending one sends `session:revoked { reason, message }` to each socket (in
 * its language) and then disconnects it — on every server process, through
 * the Socket.IO adapter (Redis when scaled out). The tokens are revoked by
 * the caller first, so a reconnect is refused.
 */
export class Sessions {
  private io: IoServer | undefined;
  constructor(private readonly logger: Logger) {}

  attach(io: IoServer): void {
    this.io = io;
  }

  /** The per-socket entry of the realtime feature list. */
  register = (socket: IoSocket): void => {
    const { userId, sessionId } = socket.data;
    const channels = [...(userId ? [accountChannel(userId)] : []), ...(sessionId ? [signInChannel(sessionId)] : [])];
    if (channels.length > 0) void socket.join(channels);
  };

  /** Ends the sockets of one sign-in. */
  endSignIn(family: string, reason: SessionRevokedReason, options: EndOptions = {}): Promise<number> {
    return this.end(signInChannel(family), reason, options);
  }

  /** Ends every socket of an account (every sign-in, every tab and device), but those of `options.except`. */
  endAccount(userId: number, reason: SessionRevokedReason, options: EndOptions = {}): Promise<number> {
    return this.end(accountChannel(userId), reason, options);
  }

  /**
   * Tells every open socket of an account something (`session:notice`), each
   * in its own language. Never throws: a notice is not worth failing for.
   */
  async notify(userId: number, id: string, kind: 'info' | 'warning', text: (locale: Locale) => string): Promise<void> {
    try {
      const sockets = (await this.io?.in(accountChannel(userId)).fetchSockets()) ?? [];
      for (const socket of sockets)
        socket.emit('session:notice', { id, kind, message: text(socket.data.locale ?? 'ja') });
    } catch (err) {
      this.logger.warn({ err, userId, id }, 'notice not sent');
    }
  }

  /** Answers how many sockets were ended. Never throws: the revocation in the database already happened. */
  private async end(channel: string, reason: SessionRevokedReason, { values, except }: EndOptions): Promise<number> {
    const io = this.io;
    if (!io) return 0;
    try {
      const target = except ? io.in(channel).except(signInChannel(except)) : io.in(channel);
      const sockets = await target.fetchSockets();
      const text = new Map<Locale, string>();
      for (const socket of sockets) {
        const locale = socket.data.locale ?? 'ja';
        if (!text.has(locale)) text.set(locale, formatMessage(locale, messageOf(reason), values));
        // the event is queued before the disconnect packet, so it arrives first
        socket.emit('session:revoked', { reason, message: text.get(locale)! });
        socket.disconnect(true);
      }
      return sockets.length;
    } catch (err) {
      this.logger.warn({ err, channel, reason }, 'open sockets not ended');
      return 0;
    }
  }
}
