import { expect } from 'chai';
import { findDeepLink, parseDeepLink } from './deep-link';

describe('deep links', () => {
  it('opens a floor, with or without its app_id', () => {
    expect(parseDeepLink('tsudoi://floors/12')).to.equal('/floors/12');
    expect(parseDeepLink('tsudoi://floors/12/')).to.equal('/floors/12');
    expect(parseDeepLink('tsudoi:///floors/12')).to.equal('/floors/12');
    expect(parseDeepLink('TSUDOI://Floors/7?app_id=a1B2-c3_d4.e5~')).to.equal('/floors/7?app_id=a1B2-c3_d4.e5~');
    expect(parseDeepLink('tsudoi://floors/7?app_id=x&utm_source=mail#top')).to.equal('/floors/7?app_id=x');
  });

  it('refuses anything else: other schemes, paths, ids, tokens and smuggled parts', () => {
    for (const link of [
      'https://floors/12',
      'tsudoi://floors',
      'tsudoi://floors/',
      'tsudoi://floors/0',
      'tsudoi://floors/-3',
      'tsudoi://floors/12abc',
      'tsudoi://floors/1e3',
      'tsudoi://floors/12/edit',
      'tsudoi://floors/12/../../admin/secret',
      'tsudoi://admin/secret',
      'tsudoi://evil.example.com/floors/12',
      'tsudoi://user:pw@floors/12',
      'tsudoi://floors:8080/12',
      'tsudoi://floors/12?app_id=',
      'tsudoi://floors/12?app_id=a%20b',
      'tsudoi://floors/12?app_id=%2F%2Fevil.example.com',
      'tsudoi://floors/12?app_id=a&app_id=b',
      'tsudoi://floors/12345678901234567',
      'not a url',
      '',
    ]) {
      expect(parseDeepLink(link), link).to.equal(null);
    }
  });

  it('finds the link among the command-line arguments', () => {
    expect(findDeepLink(['/opt/Tsudoi/tsudoi', '--no-sandbox', 'tsudoi://floors/3?app_id=q'])).to.equal(
      '/floors/3?app_id=q',
    );
    expect(findDeepLink(['tsudoi.exe', 'tsudoi://nowhere', 'tsudoi://floors/4'])).to.equal('/floors/4');
    expect(findDeepLink(['/opt/Tsudoi/tsudoi', '--flag=tsudoi://floors/3'])).to.equal(null);
    expect(findDeepLink([])).to.equal(null);
  });
});
