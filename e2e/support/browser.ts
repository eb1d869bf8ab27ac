import { chromium, type Browser } from 'playwright-core';

/** Flags for a headless Chromium in CI: no sandbox (containers), no background traffic, fake camera and microphone. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * Launches Debian's Chromium (or CHROMIUM_PATH) through playwright-core; `args` come after CHROMIUM_ARGS
 * (a file for the fake camera or microphone: `--use-file-for-fake-audio-capture=…`).
 */
export function launchBrowser(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...args],
  });
}
