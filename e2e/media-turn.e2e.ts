import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { Account } from './support/auth';
import { createPermanentFloor, createTeam } from './support/floors';
import { openLive } from './support/live';
import { member, moveTo, receiving, RECORD_PEER_CONNECTIONS } from './support/media';
import { startTurnServer, type TurnServer } from './support/turn';
import { e2eWorld } from './support/world';

/** The local candidate types of the page's connected candidate pairs ('relay' = through TURN). */
const selectedCandidateTypes = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const types: string[] = [];
    const pcs = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    for (const pc of pcs) {
      if (pc.connectionState !== 'connected') continue;
      const stats = (await pc.getStats()) as unknown as Map<string, Record<string, unknown>>;
      stats.forEach((s) => {
        if (s.type !== 'transport' || !s.selectedCandidatePairId) return;
        const pair = stats.get(s.selectedCandidatePairId as string);
        const local = pair && stats.get(pair.localCandidateId as string);
        if (local) types.push(String(local.candidateType));
      });
    }
    return types;
  });

describe('media: through a TURN server (coturn) when the network allows relay only', function () {
  this.timeout(300_000);
  let turn: TurnServer;
  before(async () => {
    turn = await startTurnServer();
  });
  after(() => turn?.close());
  // the server hands out per-join credentials for coturn's shared secret, and relay-only to the browsers
  const world = e2eWorld({
    env: {
      get MEDIA_TURN_URLS() {
        return turn.url;
      },
      get MEDIA_TURN_SECRET() {
        return turn.secret;
      },
      MEDIA_ICE_TRANSPORT_POLICY: 'relay',
    },
  });

  it('two people in a room receive each other through TURN relays with short-lived credentials', async () => {
    const { server, smtp } = world;
    const { owner } = await createTeam(server, smtp, 'turn', false);
    const other = await member(server, smtp, owner, 'turn-b');
    const floorId = await createPermanentFloor(server, owner, 'TURN floor');
    const open = async (who: Account) => {
      const page = await openLive(world.pages.open, server, floorId, who, RECORD_PEER_CONNECTIONS, 'en-US');
      await moveTo(page, 9);
      return page;
    };
    const [a, b] = [await open(owner), await open(other)];
    for (const page of [a, b]) await receiving(page, 1, 1, 30_000);
    for (const page of [a, b]) {
      const types = await selectedCandidateTypes(page);
      expect(types, 'selected local candidates').to.have.length.greaterThan(0);
      expect(types.every((t) => t === 'relay')).to.equal(true, `all relayed: ${types.join(', ')}`);
    }
    expect(turn.allocations(), 'relay allocations coturn made').to.be.at.least(2);
  });
});
