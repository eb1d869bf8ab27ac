import { profileUpdateSchema } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../lib/logger';
import type { Models } from '../../db/models';
import { on } from '../../realtime/on';
import { handshakeReadOr } from '../../realtime/handshake-read';
import type { IoServer, IoSocket } from '../../realtime/types';
import { accountChannel } from '../sessions';
import type { User } from './user.model';
import { toUserDto } from './user.dto';

/** What the feed needs of the live floor (features/floors/live). */
export interface FloorsOfProfile {
  profileChanged(user: Pick<User, 'id' | 'name' | 'avatarImageUrl'>, floorIds: Iterable<number>): Promise<void>;
}

const FLOOR_CHANNEL = /^floor:(\d+)$/;

/**
 * "Update user profile" over the socket (spec §7.13, issue 20). `announce`
 * runs after every change of a profile (this socket event, PATCH /users/me,
 * a new picture): every open socket of the account gets `profile:updated`
 * (each tab and device updates at once, on every server process through the
 * adapter), and every floor one of those sockets is on gets the person anew
 * (features/floors/live profileChanged). Nobody else hears of it: teammates
 * and guests see the change on the floor they share; another team's people
 * on no shared floor get nothing.
 */
export class ProfileFeed {
  private io: IoServer | undefined;

  constructor(
    private readonly models: Models,
    private readonly floors: FloorsOfProfile,
    private readonly logger: Logger,
  ) {}

  attach(io: IoServer): void {
    this.io = io;
  }

  /**
   * The per-socket entry of the realtime feature list: `profile:update` for
   * signed-in users, and the account's profile as it is now, sent once the
   * socket is on its account channel (features/sessions registers first): a
   * change made while this socket was not listening reaches it, with no
   * extra GET /auth/me per (re)connect, and none can slip between the read
   * and the subscription.
   */
  register = (socket: IoSocket): void => {
    void this.sendCurrent(socket);
    on(
      socket,
      'profile:update',
      profileUpdateSchema,
      async (body, s) => {
        const user = s.data.userId ? await this.models.User.findByPk(s.data.userId) : null;
        if (!user) throw new AppError('UNAUTHORIZED');
        await user.update(body);
        await this.announce(user);
        return toUserDto(user);
      },
      this.logger,
    );
  };

  private async sendCurrent(socket: IoSocket): Promise<void> {
    const { userId } = socket.data;
    if (!userId) return;
    try {
      const user = await handshakeReadOr(socket, () => this.models.User.findByPk(userId));
      if (user && socket.connected) socket.emit('profile:updated', toUserDto(user));
    } catch (err) {
      this.logger.warn({ err, userId }, 'profile not sent on connect');
    }
  }

  /** Tells the account's sockets and its floors. Never throws: the change itself is already stored. */
  async announce(user: User): Promise<void> {
    const io = this.io;
    if (!io) return;
    try {
      const channel = accountChannel(user.id);
      io.to(channel).emit('profile:updated', toUserDto(user));
      const floorIds = new Set<number>();
      for (const socket of await io.in(channel).fetchSockets())
        for (const room of socket.rooms) {
          const match = FLOOR_CHANNEL.exec(room);
          if (match) floorIds.add(Number(match[1]));
        }
      await this.floors.profileChanged(user, floorIds);
    } catch (err) {
      this.logger.warn({ err, userId: user.id }, 'profile change not announced');
    }
  }
}
