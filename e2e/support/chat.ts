import type { Page } from 'playwright-core';

/** Helpers of the chat browser test (labels in Japanese). */
export const thread = (page: Page) => page.locator('section.chat-thread');
/** The last message whose own text (not a quote of it) contains `text`. */
export const bubble = (page: Page, text: string) =>
  thread(page)
    .locator('.chat-msg')
    .filter({ has: page.locator('.chat-rich', { hasText: text }) })
    .last();

/** Types into the composer and sends with Enter. */
export async function say(page: Page, text: string) {
  const box = thread(page).getByRole('textbox', { name: 'メッセージ' });
  await box.fill(text);
  await box.press('Enter');
}

/** Shows a message's actions (hover) and clicks one of them. */
export async function act(page: Page, text: string, action: '返信' | '編集' | '送信取消') {
  const message = bubble(page, text);
  await message.hover();
  await message.getByRole('button', { name: action }).click();
}

/** Records every value a progress bar shows, from now on (a MutationObserver in the page). */
export async function watchProgress(page: Page, selector: string) {
  // A string, so the bundler's helpers never leak into the page.
  await page.evaluate(`(() => {
    const seen = (window.__progress = []);
    new MutationObserver(() => {
      for (const bar of Array.from(document.querySelectorAll(${JSON.stringify(selector)}))) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen[seen.length - 1] !== value) seen.push(value);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  })()`);
  return () => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
}

/** Limits the page's upload and download speed (bytes per second) through the DevTools protocol. */
export async function throttle(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}
