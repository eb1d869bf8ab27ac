import type { types as ms } from 'mediasoup';
import { loadMediasoup } from '../../media/worker-bin';

/**
 * Every mediasoup consumer the workers started after this call create, by
 * id (mediasoup's own observer API, in this process): tests read a consumer's
 * real state (paused, preferred layers) on the server side. Call it before
 * the test server starts its workers. `made` sees each consumer as it was
 * created (paused or not, the layers it starts on).
 */
export async function watchConsumers(made?: (consumer: ms.Consumer) => void): Promise<Map<string, ms.Consumer>> {
  const { observer } = await loadMediasoup(process.env.MEDIASOUP_WORKER_BIN);
  const consumers = new Map<string, ms.Consumer>();
  observer.on('newworker', (worker) =>
    worker.observer.on('newrouter', (router) =>
      router.observer.on('newtransport', (transport) =>
        transport.observer.on('newconsumer', (consumer) => {
          consumers.set(consumer.id, consumer);
          made?.(consumer);
          consumer.observer.once('close', () => consumers.delete(consumer.id));
        }),
      ),
    ),
  );
  return consumers;
}
