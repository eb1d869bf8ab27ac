import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { FloorDto } from '@tsudoi/common';
import {
  floorDeleted,
  floorGroupsFailed,
  floorGroupsLoaded,
  floorGroupsRequested,
  floorListReducer,
  floorPageLoaded,
  floorPageRequested,
  openingGroup,
  type FloorListState,
} from './list-slice';

const none = { ongoing: 0, upcoming: 0, past: 0, permanent: 0 };
const floor = (id: number) => ({ id }) as FloorDto;
const run = (...actions: Parameters<typeof floorListReducer>[1][]) =>
  actions.reduce<FloorListState>(
    (state, action) => floorListReducer(state, action),
    floorListReducer(undefined, { type: '' }),
  );

describe('floor list slice: the tab a list opens on and the tab counts', () => {
  it('opens on the first group with floors, those open now first; ongoing when all are empty', () => {
    expect(openingGroup(none)).to.equal('ongoing');
    expect(openingGroup({ ...none, permanent: 1 })).to.equal('permanent');
    expect(openingGroup({ ...none, permanent: 1, past: 4 })).to.equal('permanent');
    expect(openingGroup({ ...none, ongoing: 2, permanent: 1 })).to.equal('ongoing');
    expect(openingGroup({ ...none, upcoming: 1, past: 3 })).to.equal('upcoming');
    expect(openingGroup({ ...none, past: 3 })).to.equal('past');
  });

  it('keeps the counts of a scope across its pages and lowers its tab by a deleted floor', () => {
    const counts = { ...none, permanent: 2 };
    const state = run(
      floorGroupsRequested('hosted'),
      floorGroupsLoaded({ scope: 'hosted', counts }),
      floorPageRequested({ scope: 'hosted', group: 'permanent', page: 1 }),
      floorPageLoaded({
        scope: 'hosted',
        group: 'permanent',
        page: 1,
        answer: { data: [floor(1), floor(2)], count: 2, total: 2, pageCount: 1, page: 1 },
      }),
      floorDeleted(2),
      floorDeleted(99), // not in the list: no count changes
    );
    expect(state.groups).to.deep.equal({ scope: 'hosted', counts: { ...none, permanent: 1 }, failed: false });
    expect(state.total).to.equal(1);
  });

  it('forgets the counts of another scope and marks a failed load', () => {
    const state = run(
      floorGroupsLoaded({ scope: 'hosted', counts: { ...none, past: 1 } }),
      floorGroupsRequested('all'),
      floorGroupsFailed('all'),
    );
    expect(state.groups).to.deep.equal({ scope: 'all', counts: null, failed: true });
  });
});
