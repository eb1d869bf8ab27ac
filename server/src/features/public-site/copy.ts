import type { Locale } from '@tsudoi/common';
import type { SiteCopy } from './site-copy';
import { en } from './copy-en';
import { ja } from './copy-ja';

/** The public site's words in each language (site-copy.ts says what they are). */
export const SITE_COPY: Record<Locale, SiteCopy> = { ja, en };
