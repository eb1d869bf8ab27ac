import { config } from 'zod';

/**
 * Imported first by main.tsx, before any schema exists. Zod compiles object
 * parsers with `new Function` where the page allows it; our CSP does not
 * (no 'unsafe-eval'), so it only tried once, and the refused try cost a
 * CSP violation report at every start. Zod's plain parsers are as fast as
 * the floor UI needs.
 */
config({ jitless: true });
