/** The time source of rules that depend on "now" (floor status, floor times); tests move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
