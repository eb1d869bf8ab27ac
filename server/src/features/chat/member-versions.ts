import type { LimitStore } from '../../lib/rate-limit';

/**
 * A number per floor that changes whenever a room or floor conversation of
 * the floor gains, loses or changes a member (any process: in Redis under
 * the deployment's namespace when there is one, else in this process).
 * What was read of a person's memberships stays good while the number is
 * the one read before it: the chat's place follower then needs no database
 * read for a move (chat-places.ts). Every write of those member rows bumps it.
 */
export class MemberVersions {
  private readonly local = new Map<number, number>();

  constructor(private readonly redis: LimitStore | undefined) {}

  private key = (floorId: number) => `${this.redis!.namespace}:chat:members:${floorId}`;

  async of(floorId: number): Promise<string> {
    if (!this.redis) return String(this.local.get(floorId) ?? 0);
    return (await this.redis.client.get(this.key(floorId))) ?? '0';
  }

  async bump(floorId: number | null | undefined): Promise<void> {
    if (floorId === null || floorId === undefined) return;
    if (!this.redis) {
      this.local.set(floorId, (this.local.get(floorId) ?? 0) + 1);
      return;
    }
    await this.redis.client.incr(this.key(floorId));
  }
}
