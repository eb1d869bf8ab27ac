import { expect } from 'chai';
import { describe, it } from 'mocha';
import { DEV_CLIENT_CONFIG, parseClientConfig } from './config';

describe('parseClientConfig', () => {
  it('reads the api key, the admin key and an error', () => {
    const content = '{"apiKey":"k","adminKey":"secret","error":{"status":404,"message":"Page not found"}}';
    expect(parseClientConfig(content)).to.deep.equal({
      apiKey: 'k',
      adminKey: 'secret',
      error: { status: 404, message: 'Page not found' },
    });
  });

  it('falls back to the development config when the tag is missing or malformed', () => {
    for (const content of [null, undefined, '', '{', '[]', '{"adminKey":"x"}']) {
      expect(parseClientConfig(content), String(content)).to.equal(DEV_CLIENT_CONFIG);
    }
  });

  it('reads the largest chat attachment the server takes, and ignores one that is not a positive whole number', () => {
    expect(parseClientConfig('{"apiKey":"k","chatUploadMaxBytes":1048576}')).to.deep.equal({
      apiKey: 'k',
      chatUploadMaxBytes: 1048576,
    });
    for (const bad of ['0', '-1', '1.5', '"25MB"'])
      expect(parseClientConfig(`{"apiKey":"k","chatUploadMaxBytes":${bad}}`), bad).to.deep.equal({ apiKey: 'k' });
  });

  it('drops a malformed error', () => {
    expect(parseClientConfig('{"apiKey":"k","error":{"status":"404"}}')).to.deep.equal({ apiKey: 'k' });
  });
});
