import type { Device, types as msc } from 'mediasoup-client';
import { mediaProducedSchema, mediaTransportAnswerSchema, type MediaJoinAnswer } from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';
import type { LocalSource } from './devices';
import { ask } from './media-signal';

const ok = () => null;

/**
 * A send or receive transport of my room's router (media:createTransport),
 * wired to connect (media:connectTransport) and, for sending, to produce
 * (media:produce) through the socket; TURN servers and policy from the join.
 */
export async function createTransport(
  socket: AppSocket,
  device: Device,
  direction: 'send' | 'recv',
  { iceServers, iceTransportPolicy }: Pick<MediaJoinAnswer, 'iceServers' | 'iceTransportPolicy'>,
): Promise<msc.Transport> {
  const data = await ask(socket, 'media:createTransport', { direction }, (d) => mediaTransportAnswerSchema.parse(d));
  const options = { ...data, iceServers, iceTransportPolicy } as unknown as msc.TransportOptions;
  const transport = direction === 'send' ? device.createSendTransport(options) : device.createRecvTransport(options);
  transport.on('connect', ({ dtlsParameters }, callback, errback) => {
    ask(socket, 'media:connectTransport', { transportId: transport.id, dtlsParameters }, ok).then(
      () => callback(),
      errback,
    );
  });
  transport.on('produce', ({ kind, rtpParameters, appData }, callback, errback) => {
    const source = appData.source as LocalSource;
    const payload = { transportId: transport.id, kind, rtpParameters, appData: { source } };
    ask(socket, 'media:produce', payload as never, (d) => mediaProducedSchema.parse(d)).then(
      ({ producerId }) => callback({ id: producerId }),
      errback,
    );
  });
  return transport;
}
