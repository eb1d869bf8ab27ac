import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';

interface Schemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}
type Input<S extends Schemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never;
};

/**
 * Every schema a route validates its input with (body, query, params), as the
 * app is assembled: the safe-text coverage test walks them (issue 25 §8).
 */
export const routeInputSchemas = new Set<z.ZodType>();

/**
 * A typed route: validates body, query and params with zod before the
 * handler runs (types are not validation). A failure reaches the error
 * handler as VALIDATION_FAILED with field messages; nothing else runs.
 */
export function route<S extends Schemas>(
  schemas: S,
  handler: (input: Input<S>, req: Request, res: Response) => Promise<unknown> | unknown,
): RequestHandler {
  for (const schema of [schemas.body, schemas.query, schemas.params]) if (schema) routeInputSchemas.add(schema);
  return async (req, res) => {
    const input: Record<string, unknown> = {};
    for (const key of ['params', 'query', 'body'] as const) {
      const schema = schemas[key];
      if (schema) input[key] = schema.parse(req[key] ?? {});
    }
    const result = await handler(input as Input<S>, req, res);
    if (result !== undefined && !res.headersSent) res.json(result);
  };
}
