import { expect } from 'chai';
import { DEFAULT_FLOOR_PLAN, FLOOR_PLAN_IDS, FLOOR_PLANS, floorPlanOf, layoutProblems } from './floor-plans';
import { ROOMS } from './floors';

describe('floor plans', () => {
  it('ships three plans, each drawing all 24 rooms once at every width', () => {
    expect(FLOOR_PLAN_IDS).to.deep.equal(['office-24', 'lounge-24', 'event-24']);
    for (const plan of FLOOR_PLANS)
      for (const layout of Object.values(plan.layouts)) {
        expect(layoutProblems(layout), `${plan.id}`).to.deep.equal([]);
        const keys = new Set(layout.flatMap((row) => row.split(/\s+/)));
        expect([...keys].sort()).to.deep.equal(ROOMS.map((room) => room.key).sort());
      }
  });

  it('the plans really differ (not one layout three times)', () => {
    const wide = FLOOR_PLANS.map((plan) => plan.layouts.wide.join('|'));
    expect(new Set(wide).size).to.equal(FLOOR_PLANS.length);
  });

  it('finds what would break a map: ragged rows, unknown cells, missing rooms, rooms that are no rectangle', () => {
    const good = DEFAULT_FLOOR_PLAN.layouts.wide;
    expect(layoutProblems(good)).to.deep.equal([]);
    const ragged = [...good.slice(0, 4), good[4]!.replace(' outOfOffice', '')];
    expect(layoutProblems(ragged)).to.include('row 5 has 7 cells, not 8');
    const unknown = good.map((row) => row.replace('phoneBooth', 'kitchen'));
    expect(layoutProblems(unknown)).to.include.members(['"kitchen" is not a room', 'phoneBooth is missing']);
    // a cell of the waiting room given to the entrance: the entrance is in two places, no rectangle
    const split = good.map((row, i) => (i === 0 ? row.replace('waitingRoom', 'entrance') : row));
    expect(layoutProblems(split)).to.deep.equal(['entrance is not a rectangle']);
  });

  it('draws an unknown plan id as the default plan', () => {
    expect(floorPlanOf('event-24').id).to.equal('event-24');
    expect(floorPlanOf('withdrawn-plan')).to.equal(DEFAULT_FLOOR_PLAN);
    expect(floorPlanOf(null)).to.equal(DEFAULT_FLOOR_PLAN);
  });
});
