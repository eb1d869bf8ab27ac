/** server/dist/main.mjs */
export const SERVER_BUNDLE: string;
/** Bundles the server (esbuild); answers the bundle's path. */
export function buildServer(): Promise<string>;
