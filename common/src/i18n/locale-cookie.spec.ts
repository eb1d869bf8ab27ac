import { expect } from 'chai';
import { detectLocale, readLocaleCookie, writeLocaleCookie } from './locale-cookie';

describe('locale cookie', () => {
  it('reads the locale among other cookies', () => {
    expect(readLocaleCookie('a=1; tsudoi_locale=en; b=2')).to.equal('en');
    expect(readLocaleCookie('tsudoi_locale=ja')).to.equal('ja');
  });

  it('ignores a missing, unknown or look-alike cookie', () => {
    expect(readLocaleCookie('')).to.equal(null);
    expect(readLocaleCookie('tsudoi_locale=fr')).to.equal(null);
    expect(readLocaleCookie('x_tsudoi_locale=en')).to.equal(null);
  });

  it('writes a site-wide cookie for 365 days', () => {
    expect(writeLocaleCookie('en')).to.equal('tsudoi_locale=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(writeLocaleCookie('ja', true)).to.match(/; Secure$/);
  });

  it('prefers the cookie, then the browser languages, then ja', () => {
    expect(detectLocale('tsudoi_locale=ja', ['en-US', 'en'])).to.equal('ja');
    expect(detectLocale('', ['en-US', 'en'])).to.equal('en');
    expect(detectLocale('', ['fr-FR', 'en'])).to.equal('en');
    expect(detectLocale('', ['fr-FR'])).to.equal('ja');
    expect(detectLocale('', [])).to.equal('ja');
  });
});
