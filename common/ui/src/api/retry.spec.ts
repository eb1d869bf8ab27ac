import { expect } from 'chai';
import { describe, it } from 'mocha';
import { MESSAGES } from '@tsudoi/common';
import { ApiError, createApiClient, type HttpMethod } from './api';
import { RETRY_ATTEMPTS, RETRY_DELAY_MS, isRetryable, shouldRetry } from './retry';

describe('REST retry policy (spec §9.1: 5 attempts, 500 ms apart)', () => {
  it('retries only GET, and only when no answer came or a gateway answered 502/503/504', () => {
    for (const status of [0, 502, 503, 504]) expect(isRetryable('GET', status), `GET ${status}`).to.equal(true);
    for (const status of [200, 204, 400, 401, 403, 404, 409, 429, 500, 501])
      expect(isRetryable('GET', status), `GET ${status}`).to.equal(false);
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as HttpMethod[])
      for (const status of [0, 502, 503, 504])
        expect(isRetryable(method, status), `${method} ${status}`).to.equal(false);
  });

  it('allows 5 attempts in all, a constant 500 ms apart', () => {
    expect(RETRY_ATTEMPTS).to.equal(5);
    expect(RETRY_DELAY_MS).to.equal(500);
    expect([1, 2, 3, 4].map((attempt) => shouldRetry('GET', 503, attempt))).to.deep.equal([true, true, true, true]);
    expect(shouldRetry('GET', 503, 5)).to.equal(false);
  });
});

describe('the API client with the retry policy', () => {
  function client(answers: (() => Promise<Response>)[]) {
    const methods: string[] = [];
    const waits: number[] = [];
    let index = 0;
    const api = createApiClient({
      apiKey: 'k',
      getLocale: () => 'en',
      getToken: () => null,
      onUnauthorized: () => undefined,
      sleep: async (ms) => {
        waits.push(ms);
      },
      fetch: async (_url, init = {}) => {
        methods.push(String(init.method));
        const answer = answers[Math.min(index++, answers.length - 1)]!;
        return answer();
      },
    });
    return { api, methods, waits };
  }
  const ok = () => Promise.resolve(new Response('{"data":42}', { status: 200 }));
  const down = () => Promise.reject(new TypeError('Failed to fetch'));
  const status = (code: number) => () =>
    Promise.resolve(new Response('{"error":{"code":"SERVICE_UNAVAILABLE","message":"Busy"}}', { status: code }));

  it('gets the answer when a GET succeeds after a lost connection and a 503, waiting 500 ms before each retry', async () => {
    const { api, methods, waits } = client([down, status(503), ok]);
    expect(await api.get('/floors')).to.deep.equal({ data: 42 });
    expect(methods).to.deep.equal(['GET', 'GET', 'GET']);
    expect(waits).to.deep.equal([500, 500]);
  });

  it('stops after 5 attempts with the retry-limit message', async () => {
    const { api, methods, waits } = client([down]);
    const error = await api.get('/floors').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).code).to.equal('RETRY_LIMIT_EXCEEDED');
    expect((error as ApiError).message).to.equal(MESSAGES.en['errors.RETRY_LIMIT_EXCEEDED']);
    expect(methods).to.have.length(5);
    expect(waits).to.deep.equal([500, 500, 500, 500]);
  });

  it('ends with the last status when every attempt got a 504', async () => {
    const { api, methods } = client([status(504)]);
    const error = (await api.get('/floors').catch((e: unknown) => e)) as ApiError;
    expect(error.code).to.equal('RETRY_LIMIT_EXCEEDED');
    expect(error.status).to.equal(504);
    expect(methods).to.have.length(5);
  });

  it('sends a POST, PATCH or DELETE once even when no answer came (it may have reached the server)', async () => {
    for (const send of [
      (api: ReturnType<typeof client>['api']) => api.post('/floors', {}),
      (api: ReturnType<typeof client>['api']) => api.patch('/floors/1', {}),
      (api: ReturnType<typeof client>['api']) => api.delete('/floors/1'),
    ]) {
      const { api, methods, waits } = client([down]);
      const error = (await send(api).catch((e: unknown) => e)) as ApiError;
      expect(error.code).to.equal('CONNECTION_FAILED');
      expect(methods).to.have.length(1);
      expect(waits).to.deep.equal([]);
    }
    const { api, methods } = client([status(503)]);
    const error = (await api.post('/floors', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).to.equal(503);
    expect(methods).to.have.length(1);
  });

  it('does not retry a GET that got an answer: 404, 500 and 429 are final', async () => {
    for (const code of [404, 500, 429]) {
      const { api, methods } = client([status(code), ok]);
      const error = (await api.get('/floors/9').catch((e: unknown) => e)) as ApiError;
      expect(error.status).to.equal(code);
      expect(methods).to.have.length(1);
    }
  });
});
