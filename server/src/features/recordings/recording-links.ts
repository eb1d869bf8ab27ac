import crypto from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * A recording's file link for <video> and plain downloads, which cannot send
 * the bearer token (issue 25 §2): short-lived and the person's own. Minting
 * it (with the token) sets a random nonce in an HttpOnly, SameSite=Strict
 * cookie scoped to that recording's file path; the URL's signature covers
 * the recording, the person, the expiry and that nonce. A URL passed to
 * someone else lacks the cookie, and any URL dies after LINK_TTL_S. Each
 * request to the file checks again that the person may still watch it.
 */
export const LINK_TTL_S = 300;

export const linkCookie = (id: number) => `tsudoi_rec_${id}`;
const filePath = (id: number) => `/api/recordings/${id}/file`;

const signature = (secret: string, id: number, userId: number, exp: number, nonce: string) =>
  crypto.createHmac('sha256', secret).update(`recording:${id}:${userId}:${exp}:${nonce}`).digest('base64url');

/** A fresh link for `userId`, its cookie set on `res`; the URL is relative to /api. */
export function mintLink(secret: string, id: number, userId: number, req: Request, res: Response, now = Date.now()) {
  const nonce = crypto.randomBytes(18).toString('base64url');
  const exp = Math.floor(now / 1000) + LINK_TTL_S;
  res.cookie(linkCookie(id), nonce, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: filePath(id),
    maxAge: LINK_TTL_S * 1000,
  });
  const sig = signature(secret, id, userId, exp, nonce);
  return {
    url: `/recordings/${id}/file?u=${userId}&exp=${exp}&sig=${sig}`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

/** The person a file request's link was made for, when its signature, expiry and cookie hold; null otherwise. */
export function linkHolder(
  secret: string,
  id: number,
  query: { u?: number | undefined; exp?: number | undefined; sig?: string | undefined },
  nonce: string | undefined,
  now = Date.now(),
): number | null {
  const { u, exp, sig } = query;
  if (!u || !exp || !sig || !nonce || exp * 1000 < now) return null;
  const want = Buffer.from(signature(secret, id, u, exp, nonce));
  const got = Buffer.from(sig);
  return want.length === got.length && crypto.timingSafeEqual(want, got) ? u : null;
}
