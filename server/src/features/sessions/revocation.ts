import type { Logger } from '../../lib/logger';
import type { AccountLifecycle } from '../admin-users';
import type { SocialAccounts } from '../auth/social';
import type { CompanyService } from '../companies';
import type { ParticipantService } from '../floors';
import type { FloorLive } from '../floors/live';
import type { Sessions } from './sessions';

export interface RevocationDeps {
  logger: Logger;
  sessions: Sessions;
  live: Pick<FloorLive, 'accessLost'>;
  accounts: Pick<AccountLifecycle, 'onDeleted'>;
  companies: Pick<CompanyService, 'onMemberRemoved'>;
  participants: Pick<ParticipantService, 'onRemoved'>;
  social: Pick<SocialAccounts, 'onSignInsEnded'>;
}

/**
 * Has every action that takes something away from a person end what they
 * have open (sign-out and password reset or change do it in their routes):
 * - account deleted (soft or permanent): every socket, then every floor place;
 * - removed from a team: every socket (they stay signed in, with no team),
 *   then the places on floors they can no longer see;
 * - removed from a floor's participants: taken off that floor, told
 *   (`floor:kickedOut`, reason `removed`), when they can no longer see it;
 * - an unproven account taken over by its address's owner (social sign-in):
 *   every socket of the earlier sign-ins.
 * The database change happened before; a failure here is logged, not thrown.
 */
export function wireRevocation({ logger, sessions, live, accounts, companies, participants, social }: RevocationDeps) {
  const logged = (what: string, userId: number) => (err: unknown) =>
    logger.warn({ err, userId }, `${what}: open sessions not ended`);
  accounts.onDeleted(async (userId) => {
    await sessions.endAccount(userId, 'accountDeleted');
    await live.accessLost(userId).catch(logged('account deleted', userId));
  });
  companies.onMemberRemoved(async ({ member, company }) => {
    await sessions.endAccount(member.id, 'removedFromTeam', { values: { team: company.name } });
    await live.accessLost(member.id).catch(logged('removed from team', member.id));
  });
  participants.onRemoved((floorId, userId) => {
    live.accessLost(userId, [floorId]).catch(logged('removed from floor', userId));
  });
  social.onSignInsEnded(async (userId) => {
    await sessions.endAccount(userId, 'securityChange');
  });
}
