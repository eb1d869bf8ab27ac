import { expect } from 'chai';
import { billingStatusSchema, TRIAL_DAYS } from '@tsudoi/common';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDialect } from '../../testing/databases';
import { ManualClock } from '../../testing/clock';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp';
import {
  deliver,
  signedEvent,
  startStripeStub,
  STRIPE_TEST_ENV,
  stripeEvents,
  type StripeStub,
} from '../../testing/stripe-stub';
import { actor, api, as, dbState, platformAdmin, registerTeam, type Actor } from '../companies/fixtures';

const DAY = 24 * 3600_000;
const urlOf = (res: { json: Record<string, unknown> }) => (res.json.data as { url: string }).url;

describe(`plans and payments: Stripe checkout, signed webhooks, trial, plan gate (${testDialect()})`, function () {
  this.timeout(60_000);
  let server: TestServer;
  let smtp: SmtpSink;
  let stripe: StripeStub;
  const clock = new ManualClock('2026-11-25T03:00:00Z');
  let owner: Actor;
  let member: Actor;
  let other: Actor;
  let teamId: number;
  let otherTeamId: number;

  const status = async (who: Actor) => {
    const res = await api(server, '/api/billing', as(who));
    expect(res.status, res.text).to.equal(200);
    return billingStatusSchema.parse(res.json.data);
  };
  const company = async (id: number) => (await server.models.Company.findByPk(id))!;

  before(async () => {
    [smtp, stripe] = await Promise.all([startSmtpSink(), startStripeStub()]);
    server = await startTestServer(
      { SMTP_URL: smtp.url, ...STRIPE_TEST_ENV, STRIPE_API_URL: stripe.url, OPERATOR_EMAIL: 'ops@tsudoi.example' },
      { clock },
    );
    owner = await actor(server, 'owner@a.example', { name: 'Aiko', locale: 'en' });
    teamId = (await registerTeam(server, owner, 'Team A')).id;
    member = await actor(server, 'member@a.example', {
      employmentCompanyId: teamId,
      companyId: teamId,
      employeeRole: 'EMPLOYEE',
    });
    other = await actor(server, 'owner@b.example', { name: 'Bunta' });
    otherTeamId = (await registerTeam(server, other, 'Team B')).id;
  });
  after(async () => {
    await server?.close();
    await Promise.all([smtp?.close(), stripe?.close()]);
  });

  it('shows the owner Starter, seats and a trial to start; members and people of other teams are refused', async () => {
    expect(await status(owner)).to.deep.include({
      companyId: teamId,
      plan: 'starter',
      maxEmployee: 5,
      seatsTaken: 2,
      features: [],
      trialAvailable: true,
      subscriptionStatus: null,
      paymentsEnabled: true,
      hasCustomer: false,
    });
    const refused = await api(server, '/api/billing', as(member));
    expect(refused.status).to.equal(403);
    expect(refused.json.error!.code).to.equal('FORBIDDEN');
    // the other team's owner sees only their own team
    expect((await status(other)).companyId).to.equal(otherTeamId);
    const before = await dbState(server);
    for (const path of ['/api/billing/checkout', '/api/billing/trial', '/api/billing/portal'])
      expect((await api(server, path, as(member, { method: 'POST' }))).status, path).to.equal(403);
    expect(await dbState(server)).to.deep.equal(before);
    expect(stripe.calls).to.have.length(0);
  });

  it('refuses Business features on Starter with the spec message, through requirePlanFeature', async () => {
    const plans = server.features.plans;
    const refusal = await plans.requirePlanFeature(teamId, 'recording', 'en').catch((e: unknown) => e);
    expect(refusal).to.include({ code: 'PLAN_FEATURE_REQUIRED', status: 403 });
    expect((refusal as Error).message).to.equal(
      "Recording is part of the Business plan. Ask your team's owner to upgrade.",
    );
    const ja = await plans.requirePlanFeature(teamId, 'attendance', 'ja').catch((e: unknown) => e);
    expect((ja as Error).message).to.contain('勤怠・シフト管理');
    const none = await plans.requirePlanFeature(null, 'transcript').catch((e: unknown) => e);
    expect(none).to.include({ code: 'TEAM_NOT_FOUND' });
    // over REST: a member is told to ask the owner; the owner, who can upgrade, where to do it
    for (const [who, text] of [
      [member, "Timecard and shifts is part of the Business plan. Ask your team's owner to upgrade."],
      [owner, 'Timecard and shifts is part of the Business plan. You can upgrade on the plan page.'],
    ] as const) {
      const res = await api(server, '/api/attendance/me', as(who, { lang: 'en' }));
      expect([res.status, res.json.error?.code, res.json.error?.message]).to.deep.equal([
        403,
        'PLAN_FEATURE_REQUIRED',
        text,
      ]);
    }
  });

  it('opens a Stripe checkout for Business with one seat per member, for the owner', async () => {
    const res = await api(
      server,
      '/api/billing/checkout',
      as(owner, { method: 'POST', headers: { 'Accept-Language': 'ja' } }),
    );
    expect(res.status, res.text).to.equal(200);
    expect(urlOf(res)).to.match(new RegExp(`^${stripe.url}/pay/cs_test_\\d+$`));
    const sent = stripe.calls.at(-1)!;
    expect(sent.path).to.equal('/v1/checkout/sessions');
    expect(Object.fromEntries(sent.params)).to.include({
      mode: 'subscription',
      'line_items[0][price]': 'price_business_monthly',
      'line_items[0][quantity]': '2',
      client_reference_id: String(teamId),
      customer_email: 'owner@a.example',
      'metadata[companyId]': String(teamId),
      'subscription_data[metadata][companyId]': String(teamId),
      locale: 'ja',
    });
    expect(sent.params.get('success_url')).to.equal(`${server.url}/plan?checkout=success`);
    // no customer yet: nothing to manage
    const portal = await api(server, '/api/billing/portal', as(owner, { method: 'POST' }));
    expect(portal.json.error!.code).to.equal('BILLING_NO_CUSTOMER');
  });

  it('ignores webhooks whose signature does not verify, and changes nothing', async () => {
    const before = await dbState(server);
    const forged = stripeEvents.checkoutCompleted(teamId, 'cus_A', 'sub_A');
    const wrongSecret = signedEvent(
      'checkout.session.completed',
      JSON.parse(forged.payload).data.object,
      'whsec_other',
    );
    for (const event of [
      { payload: forged.payload, signature: 't=1,v1=deadbeef' },
      wrongSecret,
      { payload: forged.payload.replace('cus_A', 'cus_X'), signature: forged.signature },
    ]) {
      const res = await deliver(server.url, event);
      expect(res.status).to.equal(400);
      expect((res.json.error as { code: string }).code).to.equal('BILLING_WEBHOOK_INVALID');
    }
    const unsigned = await fetch(`${server.url}/api/billing/webhook`, { method: 'POST', body: forged.payload });
    expect(unsigned.status).to.equal(400);
    expect(await dbState(server)).to.deep.equal(before);
  });

  it('applies created, renewed, payment failed and cancelled, each once', async () => {
    const periodEnd = new Date('2026-12-25T03:00:00Z');
    const completed = stripeEvents.checkoutCompleted(teamId, 'cus_A', 'sub_A');
    expect((await deliver(server.url, completed)).json).to.deep.equal({ received: true, applied: true });
    expect((await deliver(server.url, completed)).json).to.deep.equal({ received: true, applied: false });
    await deliver(server.url, stripeEvents.subscriptionCreated(teamId, 'cus_A', 'sub_A', periodEnd));
    expect(await status(owner)).to.deep.include({
      plan: 'business',
      maxEmployee: 25,
      features: ['recording', 'transcript', 'attendance'],
      subscriptionStatus: 'active',
      currentPeriodEnd: periodEnd.toISOString(),
      hasCustomer: true,
      trialAvailable: false,
    });
    expect((await server.features.plans.requirePlanFeature(teamId, 'recording')).id).to.equal(teamId);
    // a subscription that names this team cannot be moved onto another team by another customer
    await deliver(server.url, stripeEvents.checkoutCompleted(teamId, 'cus_EVIL', 'sub_EVIL'));
    expect((await company(teamId)).billingCustomerId).to.equal('cus_A');
    expect((await company(otherTeamId)).plan).to.equal('starter');

    const next = new Date('2027-01-25T03:00:00Z');
    await deliver(server.url, stripeEvents.renewed('cus_A', 'sub_A', next));
    expect((await status(owner)).currentPeriodEnd).to.equal(next.toISOString());

    await deliver(server.url, stripeEvents.paymentFailed('cus_A', 'sub_A'));
    expect((await status(owner)).subscriptionStatus).to.equal('past_due');
    expect((await status(owner)).plan).to.equal('business');
    const mail = await smtp.next('owner@a.example', /payment/i);
    expect(mail.text).to.contain(`${server.url}/plan`);

    // the owner manages the card in Stripe's portal
    const portal = await api(server, '/api/billing/portal', as(owner, { method: 'POST' }));
    expect(urlOf(portal)).to.match(/\/portal\/bps_test_\d+$/);
    expect(stripe.calls.at(-1)!.params.get('customer')).to.equal('cus_A');

    await deliver(server.url, stripeEvents.cancelled('cus_A', 'sub_A'));
    expect(await status(owner)).to.deep.include({ plan: 'starter', maxEmployee: 5, subscriptionStatus: 'cancelled' });
    expect(await server.models.BillingEvent.count({ where: { companyId: teamId } })).to.equal(5);
  });

  it('back on Starter with 2 members: inviting past 5 is refused with the spec message', async () => {
    const emails = ['x1@a.example', 'x2@a.example', 'x3@a.example', 'x4@a.example'];
    const res = await api(server, '/api/company-employees/bulk', as(owner, { body: { emails }, lang: 'en' }));
    expect(res.status).to.equal(409);
    expect(res.json.error).to.deep.equal({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Your plan allows at most 5 team members.',
    });
  });

  it('runs a 60-day trial once, tells its end more than a month ahead (once), then returns to Starter', async () => {
    const started = await api(server, '/api/billing/trial', as(other, { method: 'POST' }));
    expect(started.status, started.text).to.equal(200);
    const trial = billingStatusSchema.parse(started.json.data);
    const ends = new Date(clock.now().getTime() + TRIAL_DAYS * DAY);
    expect(trial).to.deep.include({
      plan: 'business',
      maxEmployee: 25,
      trialEndsAt: ends.toISOString(),
      trialAvailable: false,
    });
    const again = await api(server, '/api/billing/trial', as(other, { method: 'POST' }));
    expect(again.json.error!.code).to.equal('TRIAL_NOT_AVAILABLE');

    // 29 days in: 31 days left, more than a month
    expect(await server.features.billing.sweep(new Date(clock.now().getTime() + 20 * DAY))).to.deep.equal({
      notices: 0,
      ended: 0,
    });
    expect(await server.features.billing.sweep(new Date(clock.now().getTime() + 29 * DAY))).to.deep.equal({
      notices: 1,
      ended: 0,
    });
    const notice = await smtp.next('owner@b.example');
    expect(notice.subject).to.contain('トライアル');
    expect(notice.text).to.contain('Team B');
    expect(await server.features.billing.sweep(new Date(clock.now().getTime() + 30 * DAY))).to.deep.equal({
      notices: 0,
      ended: 0,
    });

    expect(await server.features.billing.sweep(new Date(ends.getTime() + 1000))).to.deep.equal({
      notices: 0,
      ended: 1,
    });
    expect(await status(other)).to.deep.include({ plan: 'starter', maxEmployee: 5, trialAvailable: false });
  });

  it('stores a contact inquiry and mails it to the operator; invalid ones are refused field by field', async () => {
    const bad = await api(server, '/api/contact', { body: { name: ' ', email: 'nope', inquiry: '' }, lang: 'en' });
    expect(bad.status).to.equal(400);
    expect(bad.json.error!.fields).to.deep.equal({
      name: 'Name is required',
      company: 'Company name or “individual” is required',
      email: 'Enter a valid email address',
      inquiry: 'Inquiry is required',
    });
    expect(await server.models.ContactInquiry.count()).to.equal(0);
    const body = {
      name: 'Sato Hanako',
      company: 'individual',
      email: 'hanako@example.jp',
      inquiry: 'Do you offer invoices?',
    };
    const ok = await api(server, '/api/contact', { body, lang: 'en' });
    expect(ok.status, ok.text).to.equal(201);
    expect(ok.json.message).to.equal('Thank you. We have received your inquiry and will get back to you.');
    const mail = await smtp.next('ops@tsudoi.example');
    expect(mail.text).to.contain('Do you offer invoices?').and.contain('hanako@example.jp');
    const id = (ok.json.data as { id: number }).id;
    // the operator's mail leads to the inquiry in the admin console
    expect(mail.text).to.match(new RegExp(`/admin/[^/]+/inquiries/${id}`));
    // the sender hears back, in their language, with what they wrote
    const ack = await smtp.next('hanako@example.jp');
    expect(ack.subject).to.equal('We received your inquiry');
    expect(ack.text).to.contain('Do you offer invoices?');
    const stored = (await server.models.ContactInquiry.findByPk(id))!;
    expect(stored).to.deep.include({ ...body, phone: '', locale: 'en', status: 'new' });
    expect(stored.mailedAt).to.be.instanceOf(Date);
    expect(stored.acknowledgedAt).to.be.instanceOf(Date);
  });

  it('lists inquiries in the admin console by status; an operator works one through (audited); nobody else reads them', async () => {
    const admin = await platformAdmin(server, 'operator password 1');
    const list = await api(server, '/api/admin/inquiries?status=new', as(admin, { lang: 'en' }));
    expect(list.status, list.text).to.equal(200);
    const row = (list.json.data as { id: number; status: string; name: string }[]).find(
      (r) => r.name === 'Sato Hanako',
    )!;
    expect(row.status).to.equal('new');
    const answered = await api(
      server,
      `/api/admin/inquiries/${row.id}`,
      as(admin, { method: 'PATCH', body: { status: 'answered' }, lang: 'en' }),
    );
    expect(answered.status, answered.text).to.equal(200);
    expect(answered.json.data).to.deep.include({ status: 'answered', handledBy: 'root@platform.example' });
    expect((await api(server, '/api/admin/inquiries?status=new', as(admin, { lang: 'en' }))).json.total).to.equal(0);
    const entry = await server.models.AdminAudit.findOne({ where: { action: 'inquiry.update', targetId: row.id } });
    expect(JSON.parse(entry!.afterJson!)).to.deep.equal({ status: 'answered' });
    // a team's owner is not an operator: the console's calls refuse them, and nothing changes
    for (const [method, p] of [
      ['GET', '/api/admin/inquiries'],
      ['PATCH', `/api/admin/inquiries/${row.id}`],
    ] as const)
      expect(
        (await api(server, p, as(owner, { method, ...(method === 'GET' ? {} : { body: { status: 'closed' } }) })))
          .status,
      ).to.equal(401);
    expect((await server.models.ContactInquiry.findByPk(row.id))!.status).to.equal('answered');
  });
});
