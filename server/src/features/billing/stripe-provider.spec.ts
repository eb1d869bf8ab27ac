import { expect } from 'chai';
import { readStripeEvent } from './stripe-provider';

const event = (type: string, object: Record<string, unknown>) => ({ id: 'evt_1', type, data: { object } });

describe('billing: Stripe events read into provider events', () => {
  it('reads the subscription and period of both API shapes (items since 2025-03, top level before)', () => {
    const newer = readStripeEvent(
      event('customer.subscription.created', {
        id: 'sub_1',
        customer: 'cus_1',
        metadata: { companyId: '7' },
        items: { data: [{ current_period_end: 1_800_000_000 }] },
      }),
    );
    expect(newer).to.deep.include({
      kind: 'subscription.created',
      companyId: 7,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    expect(newer.periodEnd?.getTime()).to.equal(1_800_000_000_000);
    const older = readStripeEvent(
      event('invoice.paid', {
        billing_reason: 'subscription_cycle',
        customer: { id: 'cus_2' },
        subscription: 'sub_2',
        lines: { data: [{ period: { end: 1_900_000_000 } }] },
      }),
    );
    expect(older).to.deep.include({
      kind: 'subscription.renewed',
      companyId: null,
      customerId: 'cus_2',
      subscriptionId: 'sub_2',
    });
  });

  it('ignores what billing does not act on, and reference ids that are not team ids', () => {
    expect(readStripeEvent(event('invoice.paid', { billing_reason: 'subscription_create' })).kind).to.equal('ignored');
    expect(readStripeEvent(event('checkout.session.completed', { mode: 'payment' })).kind).to.equal('ignored');
    expect(readStripeEvent(event('customer.created', {})).kind).to.equal('ignored');
    const odd = readStripeEvent(
      event('checkout.session.completed', { mode: 'subscription', client_reference_id: '1 OR 1=1', customer: 'cus_3' }),
    );
    expect(odd).to.deep.include({ kind: 'checkout.completed', companyId: null, customerId: 'cus_3' });
  });
});
