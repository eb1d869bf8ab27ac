import { expect } from 'chai';
import { ERROR_CODES, errorMessageId } from '../errors';
import { formatMessage, MESSAGES } from './index';

describe('message catalogues', () => {
  it('ja and en have exactly the same ids', () => {
    const ja = Object.keys(MESSAGES.ja).sort();
    const en = Object.keys(MESSAGES.en).sort();
    expect(
      en.filter((id) => !ja.includes(id as never)),
      'only in en',
    ).to.deep.equal([]);
    expect(
      ja.filter((id) => !en.includes(id as never)),
      'only in ja',
    ).to.deep.equal([]);
  });
  it('every error code of the catalogue has a non-empty text in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(MESSAGES.ja[errorMessageId(code)], `ja ${code}`).to.be.a('string').and.not.empty;
      expect(MESSAGES.en[errorMessageId(code)], `en ${code}`).to.be.a('string').and.not.empty;
    }
  });
  it('ids follow feature.component.key', () => {
    for (const id of Object.keys(MESSAGES.ja)) expect(id).to.match(/^[a-z][A-Za-z]*(\.[A-Za-z][A-Za-z0-9_]*)+$/);
  });
  it('fills placeholders and leaves unknown ones', () => {
    expect(formatMessage('en', 'errors.PLAN_LIMIT_REACHED', { limit: 5 })).to.equal(
      'Your plan allows at most 5 team members.',
    );
    expect(formatMessage('ja', 'errors.PLAN_LIMIT_REACHED', { limit: 25 })).to.contain('25');
    expect(formatMessage('en', 'errors.FILE_TOO_LARGE')).to.contain('{size}');
  });
  it('formats ICU choices as the apps do: the storage refusal says what this person can do', () => {
    const values = { used: '250 KB', quota: '300 KB' };
    const say = (next: string) => formatMessage('en', 'errors.STORAGE_QUOTA_EXCEEDED', { ...values, next });
    expect(say('upgrade')).to.match(/upgrade to Business on the plan page\.$/);
    expect(say('ask')).to.match(/ask your team's owner about a larger plan\.$/);
    expect(say('none')).to.match(/\(250 KB of 300 KB used\)\. Delete files you no longer need\.$/);
    expect(formatMessage('ja', 'errors.STORAGE_QUOTA_EXCEEDED', { ...values, next: 'ask' })).to.contain('オーナー');
  });
  it('every message of both catalogues formats without error', () => {
    for (const locale of ['ja', 'en'] as const)
      for (const id of Object.keys(MESSAGES[locale]) as (keyof typeof MESSAGES.ja)[])
        expect(formatMessage(locale, id), `${locale} ${id}`).to.be.a('string');
  });
  it('keeps the texts the spec fixes', () => {
    expect(MESSAGES.en['errors.TIMED_OUT']).to.equal('Timed Out');
    expect(MESSAGES.en['errors.PAGE_NOT_FOUND']).to.equal('Page not found');
    expect(MESSAGES.en['errors.EMAIL_NOT_EXIST']).to.equal('Email does not exist');
    expect(MESSAGES.en['errors.NO_CAMERA_DEVICE']).to.equal('No camera device');
  });
});
