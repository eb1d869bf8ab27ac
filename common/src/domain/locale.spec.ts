import { expect } from 'chai';
import { pickLocale } from './locale';

describe('pickLocale', () => {
  it('defaults to ja without a header or for unknown languages', () => {
    expect(pickLocale(undefined)).to.equal('ja');
    expect(pickLocale('')).to.equal('ja');
    expect(pickLocale('fr-FR,de;q=0.8')).to.equal('ja');
  });
  it('picks en from region tags and honours q-values', () => {
    expect(pickLocale('en-US,en;q=0.9')).to.equal('en');
    expect(pickLocale('fr;q=1, en;q=0.5, ja;q=0.7')).to.equal('ja');
    expect(pickLocale('ja;q=0.2, EN')).to.equal('en');
  });
  it('ignores languages with q=0', () => {
    expect(pickLocale('en;q=0, fr')).to.equal('ja');
  });
});
