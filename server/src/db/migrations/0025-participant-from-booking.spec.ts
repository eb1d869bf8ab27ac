import { expect } from 'chai';
import { createLogger } from '../../lib/logger';
import { createTestDatabase, testDialect, type TestDatabase } from '../../testing/databases';
import { createMigrator, createSequelize } from '../index';
import { floorRow } from '../../testing/floor-row';
import { defineModels } from '../models';

describe(`migration 0025: guest rows made by bookings (${testDialect()})`, function () {
  this.timeout(30_000);
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db?.drop());

  it('marks the guest rows bookings point at as theirs, no other row, and rolls back', async () => {
    const logger = createLogger('silent');
    const sequelize = createSequelize(db.url, logger);
    try {
      const migrator = createMigrator(sequelize, logger);
      await migrator.up({ to: '0024-skip-host-guide' });
      const m = defineModels(sequelize);
      const team = await m.Company.create({ name: 'A', ownerId: null });
      const host = await m.User.create({ name: 'h', email: 'h@a', passwordHash: null, employmentCompanyId: team.id });
      const floor = await floorRow(m, team.id, host.id);
      const room = await m.FloorRoom.create({ floorId: floor.id, number: 20, seat: 6 } as never);
      // the columns a database at 0024 has
      const fields = ['floorId', 'userId', 'email', 'name', 'type', 'invitedBy', 'publicToken'] as const;
      const row = (email: string, type: 'GUEST' | 'EMPLOYEE') =>
        m.FloorParticipant.create(
          { floorId: floor.id, userId: null, email, name: email, type, invitedBy: host.id, publicToken: email },
          { fields: [...fields] },
        );
      const [booked, , employee] = [
        await row('booked@x', 'GUEST'),
        await row('invited@x', 'GUEST'),
        await row('e@a', 'EMPLOYEE'),
      ];
      for (const participantId of [booked.id, employee.id])
        await m.Appointment.create({
          floorId: floor.id,
          roomId: room.id,
          createdBy: host.id,
          participantId,
          title: 'Visit',
          startAt: new Date('2026-12-01T02:00:00Z'),
          endAt: new Date('2026-12-01T02:30:00Z'),
          guestTimeZone: null,
        });

      await migrator.up({ to: '0025-participant-from-booking' });
      const marks = async () =>
        Object.fromEntries((await m.FloorParticipant.findAll()).map((p) => [p.email, p.fromBooking]));
      expect(await marks()).to.deep.equal({ 'booked@x': true, 'invited@x': false, 'e@a': false });

      await migrator.down({ to: '0025-participant-from-booking' });
      const columns = await sequelize.getQueryInterface().describeTable('floor_participants');
      expect(columns).to.not.have.property('from_booking');
    } finally {
      await sequelize.close();
    }
  });
});
