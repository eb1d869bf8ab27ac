import { AppError } from '../../http/app-error';

/** mediasoup refuses bad parameters with TypeError / UnsupportedError: the caller's input, so BAD_REQUEST. */
export async function mediasoupCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const name = (error as Error | undefined)?.name;
    if (name === 'TypeError' || name === 'UnsupportedError' || name === 'InvalidStateError')
      throw new AppError('BAD_REQUEST');
    throw error;
  }
}
