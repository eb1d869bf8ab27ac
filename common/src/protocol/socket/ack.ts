import type { ApiErrorBody } from '../../errors';

/** Every socket request is answered through its acknowledgement with this shape. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: ApiErrorBody };
export type AckCallback<T> = (answer: Ack<T>) => void;
