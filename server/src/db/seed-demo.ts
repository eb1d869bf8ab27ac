import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import { DEFAULT_FLOOR_PLAN, FLOOR_TYPES, PLANS } from '@tsudoi/common';
import { insertFloor } from '../features/floors/floor-insert';
import { hashPassword, verifyPassword } from '../features/auth/password';
import type { Logger } from '../lib/logger';
import type { Models } from './models';

/** The demo of the embedded default (`npm start` in development). Documented in the start-up banner. */
export const DEMO = {
  company: 'Tsudoi デモ株式会社',
  password: 'tsudoi-demo-1',
  owner: { email: 'demo@tsudoi.local', name: 'デモ 管理者' },
  employees: [
    { email: 'sato@tsudoi.local', name: '佐藤 美咲' },
    { email: 'tanaka@tsudoi.local', name: '田中 健太' },
  ],
  floor: {
    title: 'デモオフィス',
    catchcopy: 'いつものオフィスを、オンラインに。',
    description: 'Tsudoi のデモ用の常設フロアです。部屋に入ると同じ部屋の人と話せます。',
  },
} as const;

export const DEMO_SEEDED_KEY = 'demo_seeded';

/** created: seeded now; already-seeded: an earlier start did it; skipped: a demo e-mail was already taken. */
export type DemoSeedResult = 'created' | 'already-seeded' | 'skipped';

async function readSetting(sequelize: Sequelize, key: string, transaction?: Transaction) {
  const rows = await sequelize.query<{ value: string }>('SELECT value FROM app_settings WHERE `key` = ?', {
    replacements: [key],
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows[0]?.value;
}

/**
 * Seeds the demo company once per database and remembers it in app_settings
 * (key demo_seeded), so a demo account the user deleted or changed is not
 * brought back: a business-plan company, its verified OWNER and two verified
 * employees, all with the password DEMO.password. If any demo e-mail is
 * already registered, nothing is created (and that is remembered too).
 * The company gets one permanent, private office floor hosted by the owner.
 */
export async function seedDemo(sequelize: Sequelize, models: Models, logger: Logger): Promise<DemoSeedResult> {
  if (await readSetting(sequelize, DEMO_SEEDED_KEY)) return 'already-seeded';
  const people = [DEMO.owner, ...DEMO.employees];
  const passwordHash = await hashPassword(DEMO.password); // one hash for the three: the password is public anyway
  try {
    const result = await sequelize.transaction(async (transaction): Promise<DemoSeedResult> => {
      if (await readSetting(sequelize, DEMO_SEEDED_KEY, transaction)) return 'already-seeded';
      const emails = people.map((person) => person.email);
      const taken = await models.User.count({ where: { email: emails }, paranoid: false, transaction });
      const status: DemoSeedResult = taken > 0 ? 'skipped' : 'created';
      if (status === 'created') await createDemoCompany(models, passwordHash, transaction);
      await sequelize
        .getQueryInterface()
        .bulkInsert('app_settings', [{ key: DEMO_SEEDED_KEY, value: status, updated_at: new Date() }], { transaction });
      return status;
    });
    logger.info({ result }, 'demo data');
    return result;
  } catch (error) {
    // Another process seeded at the same moment; its transaction won.
    if (error instanceof UniqueConstraintError) return 'already-seeded';
    throw error;
  }
}

async function createDemoCompany(models: Models, passwordHash: string, transaction: Transaction): Promise<void> {
  const verifiedAt = new Date();
  const company = await models.Company.create(
    { name: DEMO.company, plan: 'business', maxEmployee: PLANS.business.maxEmployee, ownerId: null },
    { transaction },
  );
  const member = { passwordHash, verifiedAt, employmentCompanyId: company.id, locale: 'ja' as const };
  const owner = await models.User.create(
    { ...DEMO.owner, ...member, companyId: company.id, employeeRole: 'OWNER' },
    { transaction },
  );
  await company.update({ ownerId: owner.id }, { transaction });
  for (const employee of DEMO.employees) {
    await models.User.create({ ...employee, ...member, employeeRole: 'EMPLOYEE' }, { transaction });
  }
  const floor = {
    ...DEMO.floor,
    catchphrase: null,
    companyId: company.id,
    type: FLOOR_TYPES.PERMANENT,
    privacy: 'private' as const,
    floorPlanId: DEFAULT_FLOOR_PLAN.id,
    passwordHash: null,
    startAt: null,
    endAt: null,
    imageUrl: null,
  };
  await insertFloor(models, owner, floor, transaction);
}

/** Whether the demo owner can still sign in with the demo password (for the start-up banner). */
export async function demoLoginWorks(models: Models): Promise<boolean> {
  const owner = await models.User.findOne({ where: { email: DEMO.owner.email, type: 'user' } });
  return !!owner && (await verifyPassword(DEMO.password, owner.passwordHash));
}
