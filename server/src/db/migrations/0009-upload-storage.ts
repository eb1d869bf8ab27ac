import { DataTypes } from 'sequelize';
import type { Migration } from '../migration';

/**
 * Storage quotas and attachment expiry: each stored chat attachment and
 * virtual background names the company its bytes are charged to (null: an
 * account without a team), and an expired attachment keeps its row with
 * `expired_at` set. Existing rows are charged to their floor's company, or
 * else to their uploader's team.
 */
export const up: Migration = async ({ context: qi }) => {
  const companyId = { type: DataTypes.INTEGER, allowNull: true };
  await qi.addColumn('chat_uploads', 'company_id', companyId);
  await qi.addColumn('chat_uploads', 'expired_at', { type: DataTypes.DATE, allowNull: true });
  await qi.addColumn('virtual_backgrounds', 'company_id', companyId);
  await qi.addIndex('chat_uploads', ['company_id']);
  await qi.addIndex('virtual_backgrounds', ['company_id']);
  const sql = qi.sequelize;
  await sql.query(
    `UPDATE chat_uploads SET company_id = (SELECT f.company_id FROM chat_conversations c
       JOIN floors f ON f.id = c.floor_id WHERE c.id = chat_uploads.conversation_id)`,
  );
  await sql.query(
    `UPDATE chat_uploads SET company_id = (SELECT u.employment_company_id FROM users u
       WHERE u.id = chat_uploads.user_id) WHERE company_id IS NULL`,
  );
  await sql.query(
    `UPDATE virtual_backgrounds SET company_id = (SELECT f.company_id FROM floors f
       WHERE f.id = virtual_backgrounds.floor_id) WHERE floor_id IS NOT NULL`,
  );
  await sql.query(
    `UPDATE virtual_backgrounds SET company_id = (SELECT u.employment_company_id FROM users u
       WHERE u.id = virtual_backgrounds.user_id) WHERE company_id IS NULL`,
  );
};

export const down: Migration = async ({ context: qi }) => {
  await qi.removeIndex('virtual_backgrounds', ['company_id']);
  await qi.removeIndex('chat_uploads', ['company_id']);
  await qi.removeColumn('virtual_backgrounds', 'company_id');
  await qi.removeColumn('chat_uploads', 'expired_at');
  await qi.removeColumn('chat_uploads', 'company_id');
};
