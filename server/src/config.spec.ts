import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('config', () => {
  it('runs on documented defaults in development', () => {
    const config = loadConfig({});
    expect(config.env).to.equal('development');
    expect(config.apiKey).to.equal('tsudoi-dev-key');
    expect(config.adminKey).to.equal('secret');
    expect(config.port).to.equal(3000);
    expect(config.databaseUrl).to.equal(`sqlite:${path.join(REPO_ROOT, 'data', 'tsudoi.sqlite')}`);
    expect(config.media.numWorkers).to.be.at.least(1);
  });

  it('respects PORT, HOST and the media settings', () => {
    const config = loadConfig({
      PORT: '8123',
      HOST: '0.0.0.0',
      MEDIASOUP_NUM_WORKERS: '3',
      MEDIASOUP_WEBRTC_PORT: '0',
    });
    expect(config.port).to.equal(8123);
    expect(config.host).to.equal('0.0.0.0');
    expect(config.media.numWorkers).to.equal(3);
    expect(config.media.webRtcPort).to.equal(0);
  });

  it('refuses to start in production without its secrets, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.matches(/API_KEY, ADMIN_KEY, JWT_SECRET/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      API_KEY: 'k'.repeat(24),
      ADMIN_KEY: 'ops-area',
      JWT_SECRET: 's'.repeat(40),
    });
    expect(ok.apiKey).to.equal('k'.repeat(24));
  });

  it('lists every invalid variable in one message', () => {
    try {
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', REDIS_URL: 'not a url' });
      expect.fail('should throw');
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).to.contain('PORT');
      expect(message).to.contain('JWT_SECRET');
      expect(message).to.contain('REDIS_URL');
    }
  });

  it('rejects an RTC port range that is upside down', () => {
    expect(() => loadConfig({ MEDIASOUP_RTC_MIN_PORT: '50000', MEDIASOUP_RTC_MAX_PORT: '40000' })).to.throw(
      /MEDIASOUP_RTC_MIN_PORT/,
    );
  });
});
