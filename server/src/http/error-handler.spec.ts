import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import express from 'express';
import { expect } from 'chai';
import { z } from 'zod';
import { errorBodySchema, pageQuerySchema } from '@tsudoi/common';
import { createLogger } from '../lib/logger';
import { AppError } from './app-error';
import { paged } from './answers';
import { errorHandler } from './error-handler';
import { localeMiddleware } from './locale';
import { route } from './route';
import './request-context';

/** A real Express app with the real middleware and a few routes that fail on purpose. */
function buildApp() {
  const app = express();
  app.use(localeMiddleware);
  app.use(express.json({ limit: '1kb' }));
  app.get('/boom', () => {
    throw new Error('SELECT secret FROM users -- internal detail');
  });
  app.get('/limit', () => {
    throw new AppError('PLAN_LIMIT_REACHED', { values: { limit: 5 } });
  });
  app.post(
    '/things',
    route({ body: z.object({ email: z.email(), name: z.string().min(1) }) }, ({ body }) => ({
      data: body,
      message: 'ok',
    })),
  );
  app.get(
    '/things',
    route({ query: pageQuerySchema }, ({ query }) => paged(['a', 'b'], 45, query)),
  );
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('HTTP error handling and typed routes', () => {
  let server: http.Server;
  let base: string;
  before(async () => {
    server = buildApp().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('replaces the text of a 500 and never leaks the internal message', async () => {
    const res = await fetch(`${base}/boom`);
    const body = errorBodySchema.parse(await res.json());
    expect(res.status).to.equal(500);
    expect(body.error).to.deep.equal({ code: 'INTERNAL', message: 'サーバー内部エラーが発生しました' });
    const en = await fetch(`${base}/boom`, { headers: { 'Accept-Language': 'en' } });
    expect(errorBodySchema.parse(await en.json()).error.message).to.equal('Internal server error');
  });

  it('answers catalogue errors with their status and filled message', async () => {
    const res = await fetch(`${base}/limit`, { headers: { 'Accept-Language': 'en-GB' } });
    expect(res.status).to.equal(409);
    expect(res.headers.get('content-language')).to.equal('en');
    expect(errorBodySchema.parse(await res.json()).error).to.deep.equal({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Your plan allows at most 5 team members.',
    });
  });

  it('validates bodies with zod and names each bad field', async () => {
    const res = await fetch(`${base}/things`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ email: 'not-an-email' }),
    });
    const body = errorBodySchema.parse(await res.json());
    expect(res.status).to.equal(400);
    expect(body.error.code).to.equal('VALIDATION_FAILED');
    expect(body.error.fields).to.deep.equal({ email: 'Enter a valid email address', name: 'name is required' });
  });

  it('tells a value of the wrong type apart from a missing one', async () => {
    const res = await fetch(`${base}/things`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ email: 'a@b.jp', name: 42 }),
    });
    expect(res.status).to.equal(400);
    expect(errorBodySchema.parse(await res.json()).error.fields).to.deep.equal({ name: 'name has the wrong type' });
  });

  it('answers malformed JSON and oversized bodies from the catalogue', async () => {
    const bad = await fetch(`${base}/things`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": ',
    });
    expect(bad.status).to.equal(400);
    expect(errorBodySchema.parse(await bad.json()).error.code).to.equal('MALFORMED_JSON');
    const big = await fetch(`${base}/things`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.jp', name: 'x'.repeat(5000) }),
    });
    expect(big.status).to.equal(413);
    expect(errorBodySchema.parse(await big.json()).error.code).to.equal('PAYLOAD_TOO_LARGE');
  });

  it('pages lists as {data,count,total,pageCount,page} with limit 20 by default', async () => {
    expect(await (await fetch(`${base}/things`)).json()).to.deep.equal({
      data: ['a', 'b'],
      count: 2,
      total: 45,
      pageCount: 3,
      page: 1,
    });
    const page = await fetch(`${base}/things?page=0&limit=500`);
    expect(page.status).to.equal(400);
    expect(Object.keys(errorBodySchema.parse(await page.json()).error.fields ?? {})).to.have.members(['page', 'limit']);
  });
});
