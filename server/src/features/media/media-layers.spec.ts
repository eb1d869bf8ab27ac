import { expect } from 'chai';
import type { types as ms } from 'mediasoup';
import type { MediaConsumerAnswer, MediaPreferredLayers } from '@tsudoi/common';
import { testDialect } from '../../testing/databases';
import { call, ok, refused, type Client } from '../floors/live/live.testing';
import { watchConsumers } from './consumers.testing';
import { mediaWorld, produce } from './media.testing';

let ssrc = 5000;
/** A camera sending three simulcast layers (as browsers do), so its consumers have layers to choose from. */
const simulcastParameters = () => ({
  codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, parameters: {}, rtcpFeedback: [] }],
  headerExtensions: [],
  encodings: [{ ssrc: ++ssrc }, { ssrc: ++ssrc }, { ssrc: ++ssrc }],
  rtcp: { cname: `simulcast-${ssrc}` },
});

describe(`media: consumer layers and pausing (${testDialect()})`, function () {
  this.timeout(60_000);
  let consumers: Map<string, ms.Consumer>;
  before(async () => {
    consumers = await watchConsumers(); // before the test server starts its workers
  });
  const world = mediaWorld({ floorEach: false });
  const { threePeers } = world;
  const layers = (client: Client, payload: unknown) =>
    call<MediaPreferredLayers>(client, 'media:setPreferredLayers', payload);
  /** The host sends a simulcast camera and a microphone on its send transport. */
  const cameraAndMic = async (host: Client, transportId: string) => ({
    camera: await ok(
      call<{ producerId: string }>(host, 'media:produce', {
        transportId,
        kind: 'video',
        rtpParameters: simulcastParameters(),
        appData: { source: 'camera' },
      }),
    ),
    mic: await ok(produce(host, transportId, 'mic')),
  });

  it('sets the preferred layer and pauses only the caller’s own consumers; bad input is refused', async () => {
    const { host, member, other, a, b } = await threePeers();
    const { camera, mic } = await cameraAndMic(host, a.send.id);
    const consume = (producerId: string) =>
      ok(call<MediaConsumerAnswer>(member, 'media:consume', { producerId, rtpCapabilities: b.join.rtpCapabilities }));
    const video = await consume(camera.producerId);
    const audio = await consume(mic.producerId);
    await ok(call(member, 'media:resumeConsumer', { consumerId: video.consumerId }));

    // a small tile: the lowest layer; a big one: the top layer (mediasoup keeps the highest temporal layer)
    const low = await ok(layers(member, { consumerId: video.consumerId, spatialLayer: 0 }));
    expect(low.consumerId).to.equal(video.consumerId);
    expect(low.preferredLayers).to.include({ spatialLayer: 0 });
    expect(consumers.get(video.consumerId)!.preferredLayers).to.include({ spatialLayer: 0 });
    const top = await ok(layers(member, { consumerId: video.consumerId, spatialLayer: 2, temporalLayer: 0 }));
    expect(top.preferredLayers).to.deep.equal({ spatialLayer: 2, temporalLayer: 0 });
    expect(consumers.get(video.consumerId)!.preferredLayers).to.deep.equal({ spatialLayer: 2, temporalLayer: 0 });
    // a microphone has no layers: nothing set, nothing refused
    expect(await ok(layers(member, { consumerId: audio.consumerId, spatialLayer: 1 }))).to.deep.equal({
      consumerId: audio.consumerId,
      preferredLayers: null,
    });

    // someone else's consumer, in the same room or another, reads as not found, for every request
    for (const stranger of [host, other]) {
      expect((await refused(layers(stranger, { consumerId: video.consumerId, spatialLayer: 0 })))[0]).to.equal(
        'MEDIA_CONSUMER_NOT_FOUND',
      );
      expect((await refused(call(stranger, 'media:pauseConsumer', { consumerId: video.consumerId })))[0]).to.equal(
        'MEDIA_CONSUMER_NOT_FOUND',
      );
    }
    expect(consumers.get(video.consumerId)!.paused, 'a stranger paused nothing').to.equal(false);
    expect((await refused(layers(member, { consumerId: 'no-such-consumer', spatialLayer: 0 })))[0]).to.equal(
      'MEDIA_CONSUMER_NOT_FOUND',
    );

    // bad payloads: nothing changes
    for (const bad of [
      { consumerId: video.consumerId, spatialLayer: 3 },
      { consumerId: video.consumerId, spatialLayer: -1 },
      { consumerId: video.consumerId, spatialLayer: 1.5 },
      { consumerId: video.consumerId, spatialLayer: '1' },
      { consumerId: video.consumerId, spatialLayer: 1, temporalLayer: 9 },
      { consumerId: '', spatialLayer: 1 },
      { spatialLayer: 1 },
      null,
    ])
      expect((await refused(layers(member, bad)))[0], JSON.stringify(bad)).to.equal('VALIDATION_FAILED');
    expect((await refused(call(member, 'media:pauseConsumer', { consumerId: 7 })))[0]).to.equal('VALIDATION_FAILED');
    expect((await ok(layers(member, { consumerId: video.consumerId, spatialLayer: 2 }))).preferredLayers).to.include({
      spatialLayer: 2,
    });

    // pause and resume the own consumer; a peer not in the media refuses
    const serverSide = consumers.get(video.consumerId)!;
    expect(serverSide.paused).to.equal(false);
    await ok(call(member, 'media:pauseConsumer', { consumerId: video.consumerId }));
    expect(serverSide.paused).to.equal(true);
    await ok(call(member, 'media:pauseConsumer', { consumerId: video.consumerId })); // twice is harmless
    await ok(call(member, 'media:resumeConsumer', { consumerId: video.consumerId }));
    expect(serverSide.paused).to.equal(false);
    await ok(call(member, 'media:leave', {}));
    expect((await refused(call(member, 'media:pauseConsumer', { consumerId: video.consumerId })))[0]).to.equal(
      'MEDIA_NOT_JOINED',
    );
  });

  it('starts a new consumer on the layer asked for, set while it is paused; a bad layer creates nothing', async () => {
    const { host, member, a, b } = await threePeers();
    const { camera, mic } = await cameraAndMic(host, a.send.id);
    const consume = (payload: Record<string, unknown>) =>
      call<MediaConsumerAnswer>(member, 'media:consume', { rtpCapabilities: b.join.rtpCapabilities, ...payload });

    // out of range or not a whole number: refused, and no consumer was made
    const before = consumers.size;
    for (const spatialLayer of [3, -1, 0.5, '0', null])
      expect(
        (await refused(consume({ producerId: camera.producerId, spatialLayer })))[0],
        String(spatialLayer),
      ).to.equal('VALIDATION_FAILED');
    expect(consumers.size, 'no consumer made by a refused request').to.equal(before);

    // the layer is there before the resume (the resume asks the sender for that layer's key frame)
    const video = await ok(consume({ producerId: camera.producerId, spatialLayer: 0 }));
    const made = consumers.get(video.consumerId)!;
    expect(made.paused).to.equal(true);
    expect(made.preferredLayers).to.include({ spatialLayer: 0 });
    await ok(call(member, 'media:resumeConsumer', { consumerId: video.consumerId }));
    expect(made.paused).to.equal(false);
    expect(made.preferredLayers).to.include({ spatialLayer: 0 });

    // a microphone has no layers: a layer asked for is ignored
    const audio = await ok(consume({ producerId: mic.producerId, spatialLayer: 1 }));
    expect(consumers.get(audio.consumerId)!.preferredLayers).to.equal(undefined);
    await ok(call(member, 'media:leave', {}));
  });
});
