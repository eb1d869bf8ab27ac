/** A stub of the preload's `window.desktop` for the renderer's desktop path in Chromium (no Electron binary here). */

/** What the stub bridge records and lets the test do, on `window` of the page. */
export interface StubGlobals {
  desktopCalls: Array<[string, unknown]>;
  desktopEmit(event: string, payload: unknown): number;
  pageMarker?: string;
}

/**
 * The renderer's desktop path in Chromium: a stub `window.desktop` (what the
 * preload exposes in the app) is injected before the page loads, and the test
 * plays main's part — it emits the bridge events and reads the calls back.
 * Plain JavaScript source: tsx would add helpers to a serialized function.
 */
export const STUB_BRIDGE = `(() => {
  const listeners = new Map();
  const calls = [];
  const record = (name) => (arg) => (calls.push([name, arg]), Promise.resolve(undefined));
  window.desktopCalls = calls;
  window.desktopEmit = (event, payload) => {
    const subscribed = [...(listeners.get(event) || [])];
    subscribed.forEach((listener) => listener(payload));
    return subscribed.length;
  };
  window.desktop = {
    isDesktop: true,
    getAppInfo: () => Promise.resolve({ version: '9.9.9', platform: 'linux', serverUrl: location.origin + '/' }),
    setPresence: record('setPresence'),
    setUnreadCount: record('setUnreadCount'),
    setMicMuted: record('setMicMuted'),
    showWindow: record('showWindow'),
    notify: (notification) => (calls.push(['notify', notification]), Promise.resolve(true)),
    chooseScreenSource: record('chooseScreenSource'),
    on: (event, listener) => {
      const set = listeners.get(event) || new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
})();`;
