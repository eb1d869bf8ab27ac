import { expect } from 'chai';
import { ConfigError, loadConfig, SOCIAL_DEFAULTS } from '../../../config';

describe('social sign-in configuration', () => {
  it('leaves both providers disabled without credentials', () => {
    expect(loadConfig({}).social).to.deep.equal({ google: undefined, facebook: undefined });
  });

  it("enables a provider with id and secret, on the provider's real endpoints by default", () => {
    const { social } = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', FACEBOOK_APP_ID: ' ' });
    expect(social.google).to.deep.equal({ clientId: 'id', clientSecret: 'secret', ...SOCIAL_DEFAULTS.google });
    expect(social.facebook).to.equal(undefined);
    const fb = loadConfig({
      FACEBOOK_APP_ID: 'app',
      FACEBOOK_APP_SECRET: 'secret',
      FACEBOOK_PROFILE_URL: 'http://127.0.0.1:9/me',
    }).social.facebook;
    expect(fb).to.include({ profileUrl: 'http://127.0.0.1:9/me', tokenUrl: SOCIAL_DEFAULTS.facebook.tokenUrl });
  });

  it('refuses half a credential pair and a userinfo URL the Google strategy cannot parse', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    expect(() => loadConfig({ FACEBOOK_APP_SECRET: 's' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('FACEBOOK_APP_ID and FACEBOOK_APP_SECRET');
    expect(() => loadConfig({ GOOGLE_USERINFO_URL: 'https://example.com/v1/me' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('GOOGLE_USERINFO_URL: must end with /userinfo');
    expect(() => loadConfig({ FACEBOOK_TOKEN_URL: 'not a url' })).to.throw(ConfigError, /FACEBOOK_TOKEN_URL/);
  });
});
