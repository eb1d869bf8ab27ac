import { z } from 'zod';

/** A JSON value: what a client may put where the protocol leaves a parameter object open. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Limits of an open JSON value: strings, array lengths and object sizes. */
export const BOUNDED_JSON = { stringMax: 1024, arrayMax: 64, keysMax: 64, keyMax: 128 } as const;

const primitive = z.union([z.string().max(BOUNDED_JSON.stringMax), z.number(), z.boolean(), z.null()], 'tooDeep');

/**
 * An open JSON value nested at most `depth` arrays or objects deep (0: a
 * primitive only). Anything deeper, longer or larger is a validation error
 * (`validation.tooDeep` where the nesting goes too far), so a client cannot
 * hand the server an arbitrarily deep structure inside a parameter object.
 */
export function boundedJson(depth: number): z.ZodType<JsonValue> {
  if (depth <= 0) return primitive;
  const inner = boundedJson(depth - 1);
  return z.union([primitive, z.array(inner).max(BOUNDED_JSON.arrayMax), boundedObject(inner)], 'tooDeep');
}

/** An object of at most BOUNDED_JSON.keysMax keys whose values are `value`. */
export function boundedObject<T extends z.ZodType>(value: T) {
  return z
    .record(z.string().max(BOUNDED_JSON.keyMax), value)
    .refine((o) => Object.keys(o).length <= BOUNDED_JSON.keysMax, 'tooDeep');
}
