import { getPlatform, type Platform } from '../../platform';

let instance: Platform | null = null;

/** The platform of this page: the desktop bridge in the app, the browser otherwise (created on first use). */
export function currentPlatform(): Platform {
  instance ??= getPlatform(window);
  return instance;
}
