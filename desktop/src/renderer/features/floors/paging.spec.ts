import { expect } from 'chai';
import { appendPage, hasMorePages, withoutItem } from './paging';

const items = (...ids: number[]) => ids.map((id) => ({ id }));
const state = (over: Partial<Parameters<typeof hasMorePages>[0]> = {}) => ({
  items: items(1, 2),
  page: 1,
  pageCount: 3,
  total: 45,
  loading: false,
  error: null,
  ...over,
});

describe('floors: paging of the infinite lists', () => {
  it('appends a page without repeating an item already shown', () => {
    expect(appendPage(items(1, 2, 3), items(3, 4)).map((i) => i.id)).to.deep.equal([1, 2, 3, 4]);
  });

  it('asks for more only while pages remain and nothing is loading or failed', () => {
    expect(hasMorePages(state())).to.equal(true);
    expect(hasMorePages(state({ page: 3 }))).to.equal(false);
    expect(hasMorePages(state({ loading: true }))).to.equal(false);
    expect(hasMorePages(state({ error: 'offline' }))).to.equal(false);
  });

  it('removes a deleted item and counts one fewer, but not for an item it did not show', () => {
    expect(withoutItem(state(), 1)).to.deep.equal({ items: items(2), total: 44 });
    expect(withoutItem(state(), 9)).to.deep.equal({ items: items(1, 2), total: 45 });
  });
});
