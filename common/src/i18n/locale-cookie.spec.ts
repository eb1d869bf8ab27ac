import { expect } from 'chai';
import { chosenLocale, readLocaleCookie, writeLocaleCookie } from './locale-cookie';

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

  it('is Japanese unless the person chose English, whatever the browser prefers', () => {
    expect(chosenLocale('tsudoi_locale=en')).to.equal('en');
    expect(chosenLocale('tsudoi_locale=ja')).to.equal('ja');
    expect(chosenLocale('')).to.equal('ja');
    expect(chosenLocale('tsudoi_locale=fr')).to.equal('ja');
  });
});
