import type { AdminAuditRow } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { User } from '../users';
import type { AdminAudit, AuditActorKind } from './audit.model';

/** What an admin action changed: a plain object without secrets (never a password hash). */
export type Snapshot = Record<string, unknown> | null;

export interface AuditEntry {
  admin: User;
  action: string;
  targetType: string;
  targetId: number | null;
  before?: Snapshot;
  after?: Snapshot;
}

const SECRET_KEYS = new Set(['passwordHash', 'password', 'inviteToken', 'publicToken', 'googleId', 'facebookId']);

/** A model's own columns, dates as ISO strings, secrets left out. */
export function snapshot(row: { get(options: { plain: true }): object } | null): Snapshot {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.get({ plain: true }))) {
    if (SECRET_KEYS.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

const parse = (json: string | null): unknown => (json === null ? null : (JSON.parse(json) as unknown));

export const toAuditRow = (row: AdminAudit): AdminAuditRow => ({
  id: row.id,
  at: row.at.toISOString(),
  adminId: row.adminId,
  adminEmail: row.adminEmail,
  actorKind: row.actorKind,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  before: parse(row.beforeJson),
  after: parse(row.afterJson),
});

/** An action of a floor's host or a team's manager (a chat message removed, a time record corrected). */
export interface ActionEntry {
  actor: Pick<User, 'id' | 'email'>;
  kind: Exclude<AuditActorKind, 'admin'>;
  companyId: number | null;
  action: string;
  targetType: string;
  targetId: number | null;
  before?: Snapshot;
  after?: Snapshot;
}

/**
 * Every admin action, and the actions of hosts and managers that change
 * what others wrote, written after they succeeded (a refused call changes
 * nothing and is not logged).
 */
export class AuditLog {
  constructor(private readonly models: Models) {}

  async recordAction(entry: ActionEntry): Promise<void> {
    await this.write({ ...entry, actorKind: entry.kind });
  }

  async record(entry: AuditEntry): Promise<void> {
    await this.write({ ...entry, actor: entry.admin, actorKind: 'admin', companyId: null });
  }

  private async write(entry: Omit<ActionEntry, 'kind'> & { actorKind: AuditActorKind }): Promise<void> {
    await this.models.AdminAudit.create({
      adminId: entry.actor.id,
      adminEmail: entry.actor.email,
      actorKind: entry.actorKind,
      companyId: entry.companyId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      beforeJson: entry.before ? JSON.stringify(entry.before) : null,
      afterJson: entry.after ? JSON.stringify(entry.after) : null,
      at: new Date(),
    });
  }
}
