import { expect } from 'chai';
import { describe, it } from 'mocha';
import { MESSAGES } from '@tsudoi/common';
import { ApiError, createApiClient, errorText, toApiError, type ApiClientOptions } from './api';

const errorBody = (code: string, message: unknown, fields?: unknown) => ({ error: { code, message, fields } });

describe('toApiError (spec §8.1)', () => {
  it('gives the connection-failed text when no response arrived', () => {
    const error = toApiError(null, 'ja');
    expect(error).to.be.instanceOf(ApiError);
    expect(error.message).to.equal(MESSAGES.ja['errors.CONNECTION_FAILED']);
    expect(error.status).to.equal(0);
    expect(error.code).to.equal('CONNECTION_FAILED');
  });

  it('replaces the message of a 500 with the translated internal-error text', () => {
    const body = errorBody('INTERNAL', 'SequelizeDatabaseError: no such table');
    expect(toApiError({ status: 500, statusText: 'Internal Server Error', body }, 'en').message).to.equal(
      'Internal server error',
    );
    expect(toApiError({ status: 500, statusText: '', body: 'oops' }, 'ja').message).to.equal(
      MESSAGES.ja['errors.INTERNAL'],
    );
  });

  it('shows the status text above 500, then the server message, then the generic text', () => {
    const body = errorBody('SERVICE_UNAVAILABLE', 'Down for maintenance');
    expect(toApiError({ status: 502, statusText: 'Bad Gateway', body: '<html>' }, 'en').message).to.equal(
      'Bad Gateway',
    );
    expect(toApiError({ status: 503, statusText: '', body }, 'en').message).to.equal('Down for maintenance');
    expect(toApiError({ status: 504, statusText: '', body: undefined }, 'en').message).to.equal(
      MESSAGES.en['errors.SOMETHING_WENT_WRONG'],
    );
  });

  it('shows the server message with its code and field messages', () => {
    const body = errorBody('VALIDATION_FAILED', '入力内容に誤りがあります。', {
      email: 'メールアドレスを入力してください',
    });
    const error = toApiError({ status: 400, statusText: 'Bad Request', body }, 'ja');
    expect(error.message).to.equal('入力内容に誤りがあります。');
    expect(error.code).to.equal('VALIDATION_FAILED');
    expect(error.status).to.equal(400);
    expect(error.fields).to.deep.equal({ email: 'メールアドレスを入力してください' });
  });

  it('takes the first message when the server sends an array or an object', () => {
    expect(
      toApiError({ status: 422, statusText: '', body: errorBody('X', ['first', 'second']) }, 'en').message,
    ).to.equal('first');
    expect(
      toApiError({ status: 422, statusText: '', body: errorBody('X', { a: 'one', b: 'two' }) }, 'en').message,
    ).to.equal('one');
  });

  it('translates a message that is a catalogue id, or the code when there is no message', () => {
    expect(
      toApiError({ status: 404, statusText: '', body: errorBody('X', 'errors.TEAM_NOT_FOUND') }, 'ja').message,
    ).to.equal(MESSAGES.ja['errors.TEAM_NOT_FOUND']);
    expect(toApiError({ status: 403, statusText: '', body: errorBody('FORBIDDEN', '') }, 'en').message).to.equal(
      MESSAGES.en['errors.FORBIDDEN'],
    );
  });

  it('falls back to something-went-wrong for anything else', () => {
    const error = toApiError({ status: 418, statusText: "I'm a teapot", body: 'not json' }, 'ja');
    expect(error.message).to.equal(MESSAGES.ja['errors.SOMETHING_WENT_WRONG']);
    expect(error.code).to.equal(undefined);
    expect(errorText(new TypeError('x is undefined'), 'en')).to.equal(MESSAGES.en['errors.SOMETHING_WENT_WRONG']);
  });
});

describe('createApiClient', () => {
  interface Call {
    url: string;
    init: RequestInit;
  }

  function client(respond: () => Promise<Response>, overrides: Partial<ApiClientOptions> = {}) {
    const calls: Call[] = [];
    let unauthorized = 0;
    const api = createApiClient({
      apiKey: 'key-1',
      getLocale: () => 'en',
      getToken: () => null,
      onUnauthorized: () => unauthorized++,
      fetch: async (url, init = {}) => {
        calls.push({ url: String(url), init });
        return respond();
      },
      ...overrides,
    });
    return { api, calls, unauthorizedCount: () => unauthorized };
  }

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('sends JSON with Accept, Accept-Language, the api key and the bearer token', async () => {
    const { api, calls } = client(async () => json(200, { data: 1 }), { getToken: () => 'tok', getLocale: () => 'ja' });
    expect(await api.post('/auth/login', { email: 'a@b.co' })).to.deep.equal({ data: 1 });
    const [call] = calls;
    expect(call?.url).to.equal('/api/auth/login');
    expect(call?.init.method).to.equal('POST');
    expect(call?.init.body).to.equal('{"email":"a@b.co"}');
    expect(call?.init.headers).to.deep.equal({
      Accept: 'application/json',
      'Accept-Language': 'ja',
      'x-api-key': 'key-1',
      Authorization: 'Bearer tok',
      'Content-Type': 'application/json',
    });
  });

  it('sends no Authorization header and no body when there is neither', async () => {
    const { api, calls } = client(async () => new Response(null, { status: 204 }));
    expect(await api.get('/auth/me')).to.equal(undefined);
    expect(calls[0]?.init.headers).to.not.have.property('Authorization');
    expect(calls[0]?.init.headers).to.not.have.property('Content-Type');
    expect(calls[0]?.init.body).to.equal(undefined);
  });

  it('sends a file as multipart form data under the given field, without a JSON content type', async () => {
    const { api, calls } = client(async () => json(200, { data: 2 }), { getToken: () => 'tok' });
    const file = new Blob(['GIF89a'], { type: 'image/gif' });
    expect(await api.putFile('/users/me/avatar', 'file', file)).to.deep.equal({ data: 2 });
    const [call] = calls;
    expect(call?.init.method).to.equal('PUT');
    expect(call?.init.headers).to.not.have.property('Content-Type');
    expect(call?.init.headers).to.have.property('Authorization', 'Bearer tok');
    const body = call?.init.body;
    expect(body).to.be.instanceOf(FormData);
    const sent = (body as FormData).get('file');
    expect(sent).to.be.instanceOf(Blob);
    expect(await (sent as Blob).text()).to.equal('GIF89a');
  });

  it('resets the session on 401 and throws the server message', async () => {
    const { api, unauthorizedCount } = client(async () => json(401, errorBody('UNAUTHORIZED', 'Signed out')), {
      getToken: () => 'expired',
    });
    const error = await api.get('/auth/me').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError).with.property('message', 'Signed out');
    expect(unauthorizedCount()).to.equal(1);
  });

  it('leaves the session alone on a refused sign-in (LOGIN_*) and when no token was sent', async () => {
    const denied = client(async () => json(401, errorBody('LOGIN_ACCESS_DENIED', 'Access denied')), {
      getToken: () => 'tok',
    });
    await denied.api.post('/auth/login/google', { ticket: 'x' }).catch(() => undefined);
    expect(denied.unauthorizedCount()).to.equal(0);
    const anonymous = client(async () => json(401, errorBody('UNAUTHORIZED', 'Signed out')));
    await anonymous.api.get('/auth/me').catch(() => undefined);
    expect(anonymous.unauthorizedCount()).to.equal(0);
  });

  it('renews the access token once on a 401 and sends the call again with it', async () => {
    let token = 'expired';
    let refreshes = 0;
    const answers = [json(401, errorBody('UNAUTHORIZED', 'Expired')), json(200, { data: 'me' })];
    const { api, calls, unauthorizedCount } = client(async () => answers.shift()!, {
      getToken: () => token,
      refresh: async () => {
        refreshes += 1;
        token = 'renewed';
        return true;
      },
    });
    expect(await api.get('/auth/me')).to.deep.equal({ data: 'me' });
    expect(refreshes).to.equal(1);
    expect(calls.map((c) => (c.init.headers as Record<string, string>).Authorization)).to.deep.equal([
      'Bearer expired',
      'Bearer renewed',
    ]);
    expect(unauthorizedCount()).to.equal(0);
  });

  it('resets the session when the renewal fails, or when the renewed token is refused too', async () => {
    const failed = client(async () => json(401, errorBody('UNAUTHORIZED', 'Expired')), {
      getToken: () => 'expired',
      refresh: async () => false,
    });
    await failed.api.get('/auth/me').catch(() => undefined);
    expect(failed.unauthorizedCount()).to.equal(1);
    let refreshes = 0;
    const refused = client(async () => json(401, errorBody('UNAUTHORIZED', 'Expired')), {
      getToken: () => 'tok',
      refresh: async () => (refreshes += 1) > 0,
    });
    await refused.api.get('/auth/me').catch(() => undefined);
    expect(refreshes, 'renewed once, not in a loop').to.equal(1);
    expect(refused.calls).to.have.length(2);
    expect(refused.unauthorizedCount()).to.equal(1);
  });

  it('does not reset the session on other failures', async () => {
    const { api, unauthorizedCount } = client(async () => json(404, errorBody('NOT_FOUND', 'Not found.')));
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError).with.property('status', 404);
    expect(unauthorizedCount()).to.equal(0);
  });

  it('maps a network failure to the connection-failed text', async () => {
    const { api } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.post('/contact', {}).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError).with.property('message', MESSAGES.en['errors.CONNECTION_FAILED']);
  });

  it('tells the app of an answer above 500 (the error dialog), and of nothing else', async () => {
    const told: string[] = [];
    const onServerError = (message: string) => told.push(message);
    const down = client(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }), {
      onServerError,
      sleep: async () => undefined,
    });
    // a write is not retried: the first answer ends it; a read is retried to the limit, then told too
    expect(await down.api.post('/contact', {}).catch((e: unknown) => (e as Error).message)).to.equal('Bad Gateway');
    expect(await down.api.get('/floors').catch((e: unknown) => (e as ApiError).status)).to.equal(502);
    expect(told).to.deep.equal(['Bad Gateway', MESSAGES.en['errors.RETRY_LIMIT_EXCEEDED']]);
    for (const status of [500, 404, 422]) {
      const other = client(async () => json(status, errorBody('X', 'no')), { onServerError });
      await other.api.post('/contact', {}).catch(() => undefined);
    }
    expect(told, '500 and below are toasts').to.have.length(2);
  });
});
