import { expect } from 'chai';
import { createLogger } from '../../lib/logger';
import { createGuardContext, type GuardContext } from './guard-context';
import { DEFAULT_SOCKET_LIMITS, EVENT_CLASS, EVENT_COST, type SocketLimits } from './limits';
import { SocketGuard, type Admission, type GuardedSocket } from './socket-guard';

const limits: SocketLimits = {
  ...DEFAULT_SOCKET_LIMITS,
  socket: { ...DEFAULT_SOCKET_LIMITS.socket, read: { burst: 3, perSecond: 1 } },
  inFlight: { media: 4, other: 2 },
  unknown: { burst: 2, perSecond: 1 },
  payload: { depth: 3, nodes: 50 },
  flood: { refusals: 5, window: 10, cooldown: 30 },
  backlog: { packets: 10, bytes: 1000 },
};

describe('SocketGuard (the limits of one socket)', () => {
  let now = 0;
  let ctx: GuardContext;
  let disconnects = 0;
  let backlog = { packets: 0, bytes: 0 };
  let cooled: string[] = [];
  const socket: GuardedSocket = {
    id: 's1',
    userId: 7,
    accountKey: 'account:7',
    locale: () => 'en',
    disconnect: () => disconnects++,
    backlog: () => backlog,
  };
  const guard = () => new SocketGuard(ctx, socket, () => now);
  const kinds = (answers: Admission[]) => answers.map((a) => (a.kind === 'refuse' ? a.body.code : a.kind));
  /** A request answered at once (its place in flight given back). */
  const ask = (g: SocketGuard, event: Parameters<SocketGuard['admit']>[0] = 'chat:getLastRead') => {
    const a = g.admit(event, true, {});
    if (a.kind === 'run') a.done();
    return a;
  };
  beforeEach(() => {
    now = 0;
    disconnects = 0;
    backlog = { packets: 0, bytes: 0 };
    cooled = [];
    ctx = createGuardContext(limits, createLogger('silent'));
    ctx.handshakes.coolDown = (key) => cooled.push(key);
  });

  it('refuses beyond the class rate with RATE_LIMITED and the wait; other classes keep their own budget', () => {
    const g = guard();
    const answers = [1, 2, 3, 4].map(() => ask(g));
    expect(kinds(answers)).to.deep.equal(['run', 'run', 'run', 'RATE_LIMITED']);
    const refused = answers[3] as Extract<Admission, { kind: 'refuse' }>;
    expect(refused.body).to.deep.equal({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again later.',
      retryAfterS: 1,
    });
    expect(ask(g, 'chat:sendMessage').kind).to.equal('run');
    now += 1000;
    expect(ask(g).kind).to.equal('run');
  });

  it('drops an event without an acknowledgement, spending its budget and counting it', () => {
    const g = guard();
    expect(kinds([g.admit('chat:getLastRead', false, {}), g.admit('chat:getLastRead', false, {})])).to.deep.equal([
      'drop',
      'drop',
    ]);
    expect(ctx.log.totals.get('noAck')).to.equal(2);
    expect(kinds([ask(g), ask(g)])).to.deep.equal(['run', 'RATE_LIMITED']);
  });

  it('caps the requests in flight (media apart), and frees a place when one is answered', () => {
    const g = guard();
    const a = g.admit('chat:getLastRead', true, {});
    const b = g.admit('chat:sendMessage', true, {});
    expect(kinds([a, b, g.admit('chat:sendMessage', true, {})])).to.deep.equal([
      'run',
      'run',
      'TOO_MANY_PENDING_REQUESTS',
    ]);
    expect(g.admit('media:consume', true, {}).kind).to.equal('run');
    if (a.kind === 'run') {
      a.done();
      a.done(); // once only
    }
    expect(g.pending()).to.deep.equal({ media: 1, other: 1 });
    expect(g.admit('chat:sendMessage', true, {}).kind).to.equal('run');
  });

  it('refuses a payload nested too deep or too large with VALIDATION_FAILED', () => {
    const g = guard();
    const answer = g.admit('chat:sendMessage', true, { a: { b: { c: {} } } });
    expect(answer.kind === 'refuse' && answer.body).to.deep.equal({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      fields: { _: 'The request is nested too deeply or holds too many values' },
    });
    expect(g.admit('chat:sendMessage', true, { list: new Array(60).fill(1) }).kind).to.equal('refuse');
    expect(g.admit('chat:sendMessage', true, { a: { b: [1] } }).kind).to.equal('run');
  });

  it('disconnects a flooding socket once, cools its account down and answers nothing more', () => {
    const g = guard();
    const answers = Array.from({ length: 12 }, () => ask(g));
    expect(kinds(answers)).to.deep.equal([
      ...['run', 'run', 'run'],
      ...Array<string>(5).fill('RATE_LIMITED'),
      ...Array<string>(4).fill('drop'),
    ]);
    expect(disconnects).to.equal(1);
    expect(cooled).to.deep.equal(['account:7']);
    expect(g.isFlooding).to.equal(true);
    expect(ctx.floods.get('refusals')).to.equal(1);
    now += 60_000;
    expect(g.admit('system:ping', true, {}).kind).to.equal('drop');
  });

  it('forgets refusals older than the window', () => {
    const g = guard();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 7; i++) ask(g);
      now += 10_000;
    }
    expect(disconnects).to.equal(0);
  });

  it('spends a costly read’s weight (chat:getHistoryConversations costs 10 of the read budget)', () => {
    ctx = createGuardContext(
      { ...limits, socket: { ...limits.socket, read: { burst: 11, perSecond: 1 } } },
      createLogger('silent'),
    );
    const g = guard();
    expect(kinds([ask(g, 'chat:getHistoryConversations'), ask(g, 'chat:getHistoryConversations')])).to.deep.equal([
      'run',
      'RATE_LIMITED',
    ]);
    expect(kinds([ask(g), ask(g)])).to.deep.equal(['run', 'RATE_LIMITED']);
  });

  it('gives every event a cost its class’s budgets can pay', () => {
    for (const [event, eventClass] of Object.entries(EVENT_CLASS)) {
      const cost = EVENT_COST[event as keyof typeof EVENT_CLASS] ?? 1;
      const account = DEFAULT_SOCKET_LIMITS.account[eventClass];
      expect(cost, event).to.be.at.most(DEFAULT_SOCKET_LIMITS.socket[eventClass].burst);
      // the bursty limiter takes a cost from the second or, failing that, whole from the burst
      expect(cost, event).to.be.at.most(Math.max(account.perSecond, account.burst));
    }
  });

  it('counts events nobody handles against their own small budget', () => {
    const g = guard();
    for (let i = 0; i < 7; i++) g.unknown('made:up');
    expect(disconnects).to.equal(0);
    g.unknown('made:up');
    expect(disconnects).to.equal(1);
    expect(ctx.log.totals.get('unknownEvent')).to.equal(8);
  });

  it('disconnects a socket whose answers pile up unread', () => {
    const g = guard();
    backlog = { packets: 11, bytes: 0 };
    expect(g.admit('system:ping', true, {}).kind).to.equal('drop');
    expect(disconnects).to.equal(1);
    expect(ctx.floods.get('backlog')).to.equal(1);
    const h = guard();
    backlog = { packets: 0, bytes: 1001 };
    expect(h.checkBacklog()).to.equal(true);
    backlog = { packets: 0, bytes: 0 };
    expect(guard().checkBacklog()).to.equal(false);
  });
});
