import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { PRESENCE_STATUSES, type PresenceStatus } from '@tsudoi/common/protocol/ipc';
import type { ElectronMain, TrayApi } from './electron-api';
import type { PresenceSnapshot } from './presence';

export interface TrayState extends PresenceSnapshot {
  /** Launch at login, or null where the system has no login items (Linux). */
  readonly launchAtLogin: boolean | null;
}

export interface TrayActions {
  open(): void;
  setStatus(status: PresenceStatus): void;
  setMicMuted(muted: boolean): void;
  setLaunchAtLogin(enabled: boolean): void;
  quit(): void;
}

/** The desktop.tray.* messages in the app's language. */
export type TrayText = (
  id:
    | 'open'
    | 'status'
    | PresenceStatus
    | 'unread'
    | 'noUnread'
    | 'muteMicrophone'
    | 'launchAtLogin'
    | 'quit'
    | 'tooltip'
    | 'tooltipUnread',
  values?: Record<string, string | number>,
) => string;

/**
 * The tray menu: open, the four statuses (the current one checked), the
 * unread count, mute microphone, launch at login where the system has it,
 * quit.
 */
export function buildTrayMenu(state: TrayState, actions: TrayActions, text: TrayText): MenuItemConstructorOptions[] {
  const statuses = PRESENCE_STATUSES.map(
    (status): MenuItemConstructorOptions => ({
      id: `status-${status}`,
      label: text(status),
      type: 'radio',
      checked: state.status === status,
      click: () => actions.setStatus(status),
    }),
  );
  const { launchAtLogin } = state;
  return [
    { id: 'open', label: text('open'), click: () => actions.open() },
    { type: 'separator' },
    { id: 'status', label: text('status'), enabled: false },
    ...statuses,
    { type: 'separator' },
    {
      id: 'unread',
      label: state.unreadCount > 0 ? text('unread', { count: state.unreadCount }) : text('noUnread'),
      enabled: state.unreadCount > 0,
      click: () => actions.open(),
    },
    {
      id: 'mute',
      label: text('muteMicrophone'),
      type: 'checkbox',
      checked: state.micMuted,
      click: () => actions.setMicMuted(!state.micMuted),
    },
    ...(launchAtLogin === null
      ? []
      : [
          {
            id: 'launch-at-login',
            label: text('launchAtLogin'),
            type: 'checkbox',
            checked: launchAtLogin,
            click: () => actions.setLaunchAtLogin(!launchAtLogin),
          } satisfies MenuItemConstructorOptions,
        ]),
    { type: 'separator' },
    { id: 'quit', label: text('quit'), click: () => actions.quit() },
  ];
}

export function trayTooltip(state: PresenceSnapshot, text: TrayText): string {
  const status = text(state.status);
  return state.unreadCount > 0
    ? text('tooltipUnread', { status, count: state.unreadCount })
    : text('tooltip', { status });
}

/** One icon per status, with a dot when something is unread (made by scripts/tray-icons.mjs). */
export function trayIconPath(iconDir: string, state: PresenceSnapshot): string {
  return path.join(iconDir, `${state.status}${state.unreadCount > 0 ? '-unread' : ''}.png`);
}

export interface TrayDeps extends Pick<ElectronMain, 'Tray' | 'Menu'> {
  iconDir: string;
  text: TrayText;
  actions: TrayActions;
}

/** The tray icon: status icon, tooltip and menu follow the state; a click opens the window. */
export class TrayController {
  readonly #tray: TrayApi;

  constructor(
    private readonly deps: TrayDeps,
    state: TrayState,
  ) {
    this.#tray = new deps.Tray(trayIconPath(deps.iconDir, state));
    this.#tray.on('click', () => deps.actions.open());
    this.render(state);
  }

  render(state: TrayState): void {
    const { iconDir, text, actions, Menu } = this.deps;
    this.#tray.setImage(trayIconPath(iconDir, state));
    this.#tray.setToolTip(trayTooltip(state, text));
    this.#tray.setContextMenu(Menu.buildFromTemplate(buildTrayMenu(state, actions, text)));
  }

  destroy(): void {
    this.#tray.destroy();
  }
}
