import { expect } from 'chai';
import { describe, it } from 'mocha';
import { BadPathParameter, isIdParam, paths } from './paths';

describe('typed path builder (issue 20: route parameters checked when a path is built)', () => {
  it('builds the spec routes from good ids, numbers or their decimal text', () => {
    expect(paths.floor(12)).to.equal('/floors/12');
    expect(paths.floor('12')).to.equal('/floors/12');
    expect(paths.floorEdit(3)).to.equal('/floors/3/edit');
    expect(paths.floorDuplicate(3)).to.equal('/floors/duplicate/3');
    expect(paths.floorLive(7, 'abc-DEF_1')).to.equal('/floors/7/live?app_id=abc-DEF_1');
    expect(paths.floorCheck(7)).to.equal('/floors/7/check');
    expect(paths.floorRecording(7, 2147483647)).to.equal('/floors/7/recordings/2147483647');
    expect(paths.employeeShift()).to.equal('/employee/shift');
    expect(paths.employeeShift(5)).to.equal('/employee/5/shift');
    expect(paths.passwordReset('a1b2.c3~d')).to.equal('/password/reset/a1b2.c3~d');
  });

  it('refuses ids that are not whole numbers from 1 to 2147483647', () => {
    const bad: unknown[] = [
      0,
      -1,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2147483648,
      '',
      '0',
      '01',
      '1e3',
      ' 1',
      '1/edit',
      '../admin',
      '2147483648',
      undefined,
      null,
      {},
    ];
    for (const value of bad) {
      expect(() => paths.floor(value as number), String(value)).to.throw(BadPathParameter);
      expect(isIdParam(value), String(value)).to.equal(false);
    }
    expect(() => paths.floorRecording(1, 'x')).to.throw(BadPathParameter, /recordingId/);
  });

  it('refuses tokens and app_ids that would leave the route or break the query', () => {
    for (const value of ['', '.', '..', 'a/b', 'a?b', 'a&x=1', 'a#b', 'a b', '%2e%2e', 'x'.repeat(513)]) {
      expect(() => paths.passwordReset(value), value).to.throw(BadPathParameter);
      expect(() => paths.floor(1, value), value).to.throw(BadPathParameter, /app_id/);
    }
  });
});
