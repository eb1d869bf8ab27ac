import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../config';

const MB = 1024 * 1024;

describe('upload config', () => {
  it('defaults to 1 GB per Starter company, 100 GB per Business company, 25 MB attachments kept 365 days', () => {
    const { uploads } = loadConfig({});
    expect(uploads.quota).to.deep.equal({ starter: 1024 * MB, business: 100 * 1024 * MB });
    expect(uploads.chatMaxBytes).to.equal(25 * MB);
    expect(uploads.chatAttachmentTtlDays).to.equal(365);
    expect(uploads.sweepIntervalMs).to.equal(3600_000);
  });

  it('reads sizes with units or in bytes, and a retention of 0 (kept for good)', () => {
    const { uploads } = loadConfig({
      STORAGE_QUOTA_STARTER: '300KB',
      STORAGE_QUOTA_BUSINESS: '2gb',
      CHAT_UPLOAD_MAX_SIZE: '1048576',
      CHAT_ATTACHMENT_TTL_DAYS: '0',
      UPLOAD_SWEEP_INTERVAL_MIN: '5',
    });
    expect(uploads.quota).to.deep.equal({ starter: 300 * 1024, business: 2048 * MB });
    expect(uploads.chatMaxBytes).to.equal(MB);
    expect(uploads.chatAttachmentTtlDays).to.equal(0);
    expect(uploads.sweepIntervalMs).to.equal(300_000);
  });

  it('refuses sizes it cannot read and retention out of range, naming each variable', () => {
    for (const [name, value] of [
      ['STORAGE_QUOTA_STARTER', 'lots'],
      ['STORAGE_QUOTA_BUSINESS', '-5MB'],
      ['CHAT_UPLOAD_MAX_SIZE', '0'],
      ['CHAT_ATTACHMENT_TTL_DAYS', '-1'],
      ['UPLOAD_SWEEP_INTERVAL_MIN', '0'],
    ])
      expect(() => loadConfig({ [name!]: value! }), `${name}=${value}`)
        .to.throw(ConfigError)
        .with.property('message')
        .that.contains(name);
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).to.equal(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).to.equal(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).to.equal(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).to.deep.equal(['loopback', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'not-an-address' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('TRUST_PROXY');
  });
});
