import { z } from 'zod';
import { NAME_MAX_LENGTH } from '@tsudoi/common';
import type { Profile } from 'passport';

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** What the server keeps of a provider's profile: the stable id, the e-mail (if verified) and a display name. */
export interface SocialProfile {
  provider: SocialProvider;
  id: string;
  /** Lower-cased; null when the provider gave none or an invalid one. */
  email: string | null;
  /** Whether the provider vouches that the person controls `email`. */
  emailVerified: boolean;
  name: string;
}

const emailSchema = z.email().max(254);

/**
 * Normalises a passport profile. Google's OpenID userinfo says `email_verified`
 * explicitly; Facebook's Graph API only returns an e-mail the person has
 * confirmed with Facebook (otherwise the field is absent), so a Facebook
 * e-mail counts as verified.
 */
export function toSocialProfile(provider: SocialProvider, profile: Profile): SocialProfile {
  const rawEmail = profile.emails?.[0]?.value?.trim().toLowerCase();
  const email = rawEmail && emailSchema.safeParse(rawEmail).success ? rawEmail : null;
  const json = (profile as { _json?: Record<string, unknown> })._json ?? {};
  const emailVerified =
    email !== null && (provider === 'facebook' || json.email_verified === true || json.email_verified === 'true');
  const given = [profile.name?.givenName, profile.name?.familyName].filter(Boolean).join(' ');
  const name = (profile.displayName?.trim() || given || email?.split('@')[0] || provider).slice(0, NAME_MAX_LENGTH);
  return { provider, id: String(profile.id), email, emailVerified, name };
}
