import { formatMessage, type MessageId } from '@tsudoi/common/i18n/index';
import type { TrayText } from './tray';

/** The tray's texts in the system language: Japanese for ja-*, English otherwise. */
export function trayText(systemLocale: string): TrayText {
  const locale = systemLocale.toLowerCase().startsWith('ja') ? 'ja' : 'en';
  return (id, values) => formatMessage(locale, `desktop.tray.${id}` satisfies MessageId, values);
}
