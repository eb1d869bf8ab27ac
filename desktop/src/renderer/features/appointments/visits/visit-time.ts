import { toJapanTime } from '@tsudoi/common';

/** "11:30" in Japan time, from an ISO instant (the product shows Japan time). */
export const japanClock = (iso: string) => toJapanTime(new Date(iso)).slice(11, 16);

/** Whole minutes left until an ISO instant (never below 0). */
export const minutesLeft = (iso: string, now: number) => Math.max(0, Math.ceil((Date.parse(iso) - now) / 60_000));
