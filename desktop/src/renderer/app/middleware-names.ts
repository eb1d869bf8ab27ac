/**
 * The route middleware of the floor UI by name (spec §2 guards: user-only,
 * redirect-if-logged-in for users; auth is the signed-in part of user-only).
 * A route names its middleware; a name that is not here is a programming
 * error that shows the 500 page 'Unknown middleware' (spec §8.2) instead of
 * letting the route through unguarded.
 */
export const ROUTE_MIDDLEWARE = ['auth', 'user-only', 'redirect-if-logged-in'] as const;
export type MiddlewareName = (typeof ROUTE_MIDDLEWARE)[number];

export function isKnownMiddleware(name: string): name is MiddlewareName {
  return (ROUTE_MIDDLEWARE as readonly string[]).includes(name);
}
