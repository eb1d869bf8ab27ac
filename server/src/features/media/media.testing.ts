import type { MediaJoinAnswer, MediaTransportAnswer } from '@tsudoi/common';
import { call, ok, type Client } from '../floors/live/live.testing';

/** Test helpers of the media specs: hand-made RTP parameters a real mediasoup accepts (no RTP flows). */

let ssrc = 1000;
export const audioParameters = () => ({
  codecs: [
    { mimeType: 'audio/opus', payloadType: 111, clockRate: 48000, channels: 2, parameters: {}, rtcpFeedback: [] },
  ],
  headerExtensions: [],
  encodings: [{ ssrc: ++ssrc }],
  rtcp: { cname: `test-${ssrc}` },
});
export const videoParameters = () => ({
  codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, parameters: {}, rtcpFeedback: [] }],
  headerExtensions: [],
  encodings: [{ ssrc: ++ssrc }],
  rtcp: { cname: `test-${ssrc}` },
});
/** A DTLS answer of the shape browsers send (mediasoup does not check it until DTLS runs). */
export const dtls = {
  role: 'client',
  fingerprints: [{ algorithm: 'sha-256', value: Array.from({ length: 32 }, () => 'AB').join(':') }],
};

export interface MediaPeer {
  join: MediaJoinAnswer;
  send: MediaTransportAnswer;
  recv: MediaTransportAnswer;
}

/** Joins the room's media and opens both transports, connected. */
export async function mediaPeer(client: Client): Promise<MediaPeer> {
  const join = await ok(call<MediaJoinAnswer>(client, 'media:join', {}));
  const send = await ok(call<MediaTransportAnswer>(client, 'media:createTransport', { direction: 'send' }));
  const recv = await ok(call<MediaTransportAnswer>(client, 'media:createTransport', { direction: 'recv' }));
  await ok(call(client, 'media:connectTransport', { transportId: send.id, dtlsParameters: dtls }));
  await ok(call(client, 'media:connectTransport', { transportId: recv.id, dtlsParameters: dtls }));
  return { join, send, recv };
}

export const produce = (client: Client, transportId: string, source: 'mic' | 'camera' | 'screen') =>
  call<{ producerId: string }>(client, 'media:produce', {
    transportId,
    kind: source === 'mic' ? 'audio' : 'video',
    rtpParameters: source === 'mic' ? audioParameters() : videoParameters(),
    appData: { source },
  });
