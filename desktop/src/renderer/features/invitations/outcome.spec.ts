import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { InvitationCheck } from '@tsudoi/common';
import { invitationOutcome, outcomeOfError } from './outcome';

const check = (status: InvitationCheck['status'], email = 'hanako@x.jp'): InvitationCheck => ({
  status,
  email,
  companyName: 'Acme',
});
const user = (email = 'hanako@x.jp', employmentCompanyId: number | null = null) => ({
  email,
  employmentCompanyId,
  companyId: null,
});

describe('invitationOutcome (spec §4: accept, expired, mismatch, already joined)', () => {
  it('is ready for the invited, team-less user of a valid invitation', () => {
    expect(invitationOutcome(check('valid'), user('Hanako@X.jp'))).to.equal('ready');
  });

  it('is a mismatch for another account, whatever else holds', () => {
    expect(invitationOutcome(check('expired'), user('taro@x.jp', 3))).to.equal('mismatch');
  });

  it('is already joined for a used invitation or a user with a team, before expiry', () => {
    expect(invitationOutcome(check('accepted'), user())).to.equal('alreadyJoined');
    expect(invitationOutcome(check('expired'), user('hanako@x.jp', 3))).to.equal('alreadyJoined');
  });

  it('is expired for an expired invitation of a team-less user', () => {
    expect(invitationOutcome(check('expired'), user())).to.equal('expired');
  });
});

describe('outcomeOfError', () => {
  it('maps the refusals of accept to their outcomes', () => {
    expect(outcomeOfError('INVITATION_ACCOUNT_MISMATCH')).to.equal('mismatch');
    expect(outcomeOfError('ALREADY_JOINED_COMPANY')).to.equal('alreadyJoined');
    expect(outcomeOfError('EXPIRED_INVITATION_URL')).to.equal('expired');
    expect(outcomeOfError('NOT_FOUND')).to.equal('invalid');
  });

  it('leaves other failures to the toast', () => {
    expect(outcomeOfError('INTERNAL')).to.equal(null);
    expect(outcomeOfError(undefined)).to.equal(null);
  });
});
