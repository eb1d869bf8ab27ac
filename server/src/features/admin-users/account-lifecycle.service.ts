import { Op, type Transaction } from 'sequelize';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { TokenService } from '../auth/tokens.service';
import { transact } from '../companies';
import { mine, ownsEmail } from '../floors/floor-access';
import type { User } from '../users';

/**
 * The life of a user account as the admin area sees it (spec §4: deleted,
 * restored, permanently removed). Only accounts of type 'user': platform
 * admins are managed elsewhere. The users table is paranoid, so a delete is
 * reversible until it is made permanent.
 */
export class AccountLifecycle {
  private readonly listeners: ((userId: number) => Promise<unknown>)[] = [];
  constructor(
    private readonly models: Models,
    private readonly tokens: TokenService,
  ) {}

  /** Called once an account is deleted (soft or permanent) and signed out: its open sockets end, its floor places go. */
  onDeleted(listener: (userId: number) => Promise<unknown>): void {
    this.listeners.push(listener);
  }

  private async deleted(userId: number): Promise<void> {
    for (const listener of this.listeners) await listener(userId);
  }

  /** Hides the account and signs it out everywhere (its access tokens stop resolving, its sockets end, at once). */
  async softDelete(userId: number): Promise<User> {
    const user = await this.find(userId, 'live');
    await user.destroy();
    await this.tokens.revokeAll(user.id);
    await this.deleted(user.id);
    return user;
  }

  async restore(userId: number): Promise<User> {
    const user = await this.find(userId, 'deleted');
    await user.restore();
    return user;
  }

  /**
   * Removes the row for good, with what only exists because of it: its tokens,
   * the invitations it sent or received, the floors it hosts and its places
   * on other floors. A team it owned stays, without owner.
   */
  async permanentDelete(userId: number): Promise<User> {
    const user = await this.find(userId, 'any');
    const { RefreshToken, OneTimeToken, EmployeeInvitation, Company } = this.models;
    await transact(this.models, async (transaction) => {
      await RefreshToken.destroy({ where: { userId }, transaction });
      await OneTimeToken.destroy({ where: { userId }, transaction });
      // invitations to the address go only with an account that owned it (confirmed it)
      await EmployeeInvitation.destroy({
        where: ownsEmail(user) ? { [Op.or]: [{ invitedBy: userId }, { email: user.email }] } : { invitedBy: userId },
        transaction,
      });
      await Company.update({ ownerId: null }, { where: { ownerId: userId }, transaction, paranoid: false });
      await this.removeFromFloors(user, transaction);
      await user.destroy({ force: true, transaction });
    });
    await this.deleted(user.id);
    return user;
  }

  /**
   * The floors the user hosts go with them (rooms and participants cascade):
   * a floor cannot be without its host. Elsewhere their participant rows are
   * removed and the invitations they sent keep no trace of them.
   */
  private async removeFromFloors(user: User, transaction: Transaction): Promise<void> {
    const { Floor, FloorParticipant, ParticipantLog } = this.models;
    await Floor.destroy({ where: { hostId: user.id }, force: true, transaction });
    // the enter/leave log is about a person: it goes with them (their live seats cascade)
    await ParticipantLog.destroy({ where: { userId: user.id }, transaction });
    await FloorParticipant.destroy({ where: mine(user), transaction });
    await FloorParticipant.update({ invitedBy: null }, { where: { invitedBy: user.id }, transaction });
  }

  private async find(id: number, state: 'live' | 'deleted' | 'any'): Promise<User> {
    const user = await this.models.User.findOne({ where: { id, type: 'user' }, paranoid: false });
    const deleted = Boolean(user?.deletedAt);
    if (!user || (state === 'live' && deleted) || (state === 'deleted' && !deleted)) throw new AppError('NOT_FOUND');
    return user;
  }
}
