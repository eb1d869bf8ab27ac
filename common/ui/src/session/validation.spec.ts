import { expect } from 'chai';
import { describe, it } from 'mocha';
import { firstInvalid, validateCredentials, validateNewPassword, validateSignup } from './validation';

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

describe('validateNewPassword', () => {
  it('requires both fields', () => {
    expect(validateNewPassword({ password: '', passwordConfirmation: '' })).to.deep.equal({
      password: 'validation.required',
      passwordConfirmation: 'validation.required',
    });
  });

  it('takes 8 to 128 characters', () => {
    const pair = (password: string) => ({ password, passwordConfirmation: password });
    expect(validateNewPassword(pair('1234567'))).to.deep.equal({ password: 'validation.passwordLength' });
    expect(validateNewPassword(pair('x'.repeat(129)))).to.deep.equal({ password: 'validation.passwordLength' });
    expect(validateNewPassword(pair('12345678'))).to.deep.equal({});
    expect(validateNewPassword(pair('x'.repeat(128)))).to.deep.equal({});
  });

  it('requires the confirmation to match', () => {
    expect(validateNewPassword({ password: 'correct-horse', passwordConfirmation: 'correct-hors' })).to.deep.equal({
      passwordConfirmation: 'validation.passwordMismatch',
    });
  });
});

describe('validateSignup (spec §5)', () => {
  const valid = {
    name: 'Taro Yamada',
    email: 'taro@example.com',
    password: 'correct-horse',
    passwordConfirmation: 'correct-horse',
    agreeTerms: true,
  };

  it('accepts a complete form', () => {
    expect(validateSignup(valid)).to.deep.equal({});
  });

  it('requires every field and the terms', () => {
    expect(
      validateSignup({ name: ' ', email: '', password: '', passwordConfirmation: '', agreeTerms: false }),
    ).to.deep.equal({
      name: 'validation.required',
      email: 'validation.required',
      password: 'validation.required',
      passwordConfirmation: 'validation.required',
      agreeTerms: 'errors.MUST_AGREE_TERMS',
    });
  });

  it('checks the e-mail, the name length and the confirmation', () => {
    expect(
      validateSignup({ ...valid, name: 'x'.repeat(101), email: 'taro@', passwordConfirmation: 'other-horse' }),
    ).to.deep.equal({
      name: 'validation.nameTooLong',
      email: 'validation.email',
      passwordConfirmation: 'validation.passwordMismatch',
    });
  });

  it('names the first invalid field in form order', () => {
    const order = ['name', 'email', 'password', 'passwordConfirmation', 'agreeTerms'] as const;
    expect(firstInvalid(order, validateSignup({ ...valid, agreeTerms: false, email: 'x' }))).to.equal('email');
    expect(firstInvalid(order, validateSignup(valid))).to.equal(undefined);
  });
});
