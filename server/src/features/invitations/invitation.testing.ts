import { expect } from 'chai';
import { employeeRowSchema, pagedSchema } from '@tsudoi/common';
import type { TestServer } from '../../testing/test-server';
import { linkIn, type ReceivedMail } from '../../testing/smtp';
import { api, as, type Actor } from '../companies/fixtures';

/** Test helpers of the invitation specs: the calls of §7.8 as a team member's browser makes them. */
export function invitationCalls(server: () => TestServer) {
  const lang = 'en';
  return {
    invite: (who: Actor, emails: unknown, language = lang) =>
      api(server(), '/api/company-employees/bulk', as(who, { body: { emails }, lang: language })),
    checkList: (who: Actor, emails: unknown, language = lang) =>
      api(server(), '/api/company-employees/check', as(who, { body: { emails }, lang: language })),
    resend: (who: Actor, id: number, language = lang) =>
      api(server(), `/api/company-employees/re-send/${id}`, as(who, { method: 'POST', lang: language })),
    /** The public question of the invitation page (no session). */
    check: (id: number, email: string) =>
      api(server(), `/api/company-employees/${id}/check?email=${encodeURIComponent(email)}`, { lang }),
    accept: (who: Actor, id: number, language = lang) =>
      api(server(), `/api/company-employees/accept/${id}`, as(who, { method: 'POST', lang: language })),
    /** The caller's team list, every row checked against the schema. */
    async list(who: Actor, query = '') {
      const res = await api(server(), `/api/company-employees${query}`, as(who, { lang }));
      if (res.status !== 200) return { status: res.status, json: res.json, page: null };
      return { status: res.status, json: res.json, page: pagedSchema(employeeRowSchema).parse(res.json) };
    },
  };
}

/**
 * The invitation page link of a mail: /invitation/employee/{id}?email=…, on
 * the server's public URL. Answers the id and the e-mail the page would use.
 */
export function invitationLink(server: TestServer, mail: ReceivedMail): { id: number; email: string } {
  const url = new URL(linkIn(mail, '/invitation/employee/'));
  expect(url.origin).to.equal(server.url);
  const match = url.pathname.match(/^\/invitation\/employee\/(\d+)$/);
  expect(match, url.pathname).to.not.equal(null);
  expect([...url.searchParams.keys()]).to.deep.equal(['email']);
  return { id: Number(match![1]), email: url.searchParams.get('email')! };
}
