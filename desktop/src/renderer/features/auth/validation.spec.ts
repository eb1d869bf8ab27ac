import { expect } from 'chai';
import { describe, it } from 'mocha';
import { validateCredentials } from './validation';

describe('validateCredentials', () => {
  it('requires both fields', () => {
    expect(validateCredentials({ email: '', password: '' })).to.deep.equal({
      email: 'validation.required',
      password: 'validation.required',
    });
    expect(validateCredentials({ email: '   ', password: 'x' })).to.deep.equal({ email: 'validation.required' });
  });

  it('checks the e-mail shape', () => {
    for (const email of ['taro', 'taro@', 'taro@example', 'ta ro@example.jp', '@example.jp']) {
      expect(validateCredentials({ email, password: 'x' }), email).to.deep.equal({ email: 'validation.email' });
    }
  });

  it('accepts a well-formed e-mail with surrounding spaces', () => {
    expect(validateCredentials({ email: ' taro.yamada+work@example.co.jp ', password: 'x' })).to.deep.equal({});
  });
});
