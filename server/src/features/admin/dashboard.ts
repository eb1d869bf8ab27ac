import { Op } from 'sequelize';
import type { AdminDashboard } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { FileSources } from './file-sources';

const DAY_MS = 86_400_000;
const JST_MS = 9 * 3600_000;
/** The Japan date of an instant (floor times and the admin's charts are in Japan time). */
export const japanDate = (at: Date | string): string =>
  new Date(new Date(at).getTime() + JST_MS).toISOString().slice(0, 10);

/** The admin home's figures: live now, and sign-ups and stored bytes for each of the last `days` Japan dates. */
export async function dashboard(models: Models, files: FileSources, clock: Clock, days = 30): Promise<AdminDashboard> {
  const now = clock.now();
  const dates: string[] = [];
  for (let i = days - 1; i >= 0; i--) dates.push(japanDate(new Date(now.getTime() - i * DAY_MS)));
  // midnight in Japan of the first date, as an instant
  const since = new Date(Date.parse(`${dates[0]}T00:00:00+09:00`));
  const { User, Company, Floor, FloorUser } = models;
  const [liveFloors, peopleOnline, users, companies, floors, signupRows] = await Promise.all([
    FloorUser.count({ distinct: true, col: 'floorId' }),
    FloorUser.count(),
    User.count({ where: { type: 'user' } }),
    Company.count(),
    Floor.count(),
    User.findAll({
      attributes: ['createdAt'],
      where: { type: 'user', createdAt: { [Op.gte]: since } },
      paranoid: false,
      raw: true,
    }),
  ]);
  const signups = new Map(dates.map((d) => [d, 0]));
  for (const row of signupRows) {
    const d = japanDate(row.createdAt);
    if (signups.has(d)) signups.set(d, signups.get(d)! + 1);
  }
  // stored bytes: what was there before the window, plus each day's new files
  const added = new Map(dates.map((d) => [d, 0]));
  let base = 0;
  let storageBytes = 0;
  for (const source of files.all()) {
    const [before, recent, usage] = await Promise.all([source.totalBefore(since), source.since(since), source.usage()]);
    base += before;
    for (const file of recent) {
      const d = japanDate(file.createdAt);
      if (added.has(d)) added.set(d, added.get(d)! + Number(file.size));
    }
    for (const bytes of usage.values()) storageBytes += bytes;
  }
  let running = base;
  const storage = dates.map((date) => {
    running += added.get(date)!;
    return { date, bytes: running };
  });
  return {
    liveFloors,
    peopleOnline,
    users,
    companies,
    floors,
    storageBytes,
    signups: dates.map((date) => ({ date, count: signups.get(date)! })),
    storage,
  };
}
