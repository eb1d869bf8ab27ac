import type { AttendanceMeDto, AttendanceSuggestion, LastRecordDto } from '@tsudoi/common';

/** Where a desktop away/back came from (the main process's powerMonitor watcher, features/presence). */
export type DesktopPresenceSource = 'idle' | 'lock' | 'suspend' | 'back' | string;

/**
 * The presence timecard's desktop half (issue 18): away (idle, screen
 * locked, suspended) while working suggests a break; back while on a break
 * suggests ending it. Only when the company opted in; only a suggestion,
 * shown to the person alone, recorded only once they confirm.
 */
export function desktopSuggestion(
  source: DesktopPresenceSource,
  me: Pick<AttendanceMeDto, 'presenceTimecard'> | null,
  last: Pick<LastRecordDto, 'status' | 'allowed'> | null,
  now: Date,
): AttendanceSuggestion | null {
  if (!me?.presenceTimecard || !last) return null;
  const away = source === 'idle' || source === 'lock' || source === 'suspend';
  if (away && last.allowed.includes('startBreak'))
    return { action: 'startBreak', reason: 'away', at: now.toISOString() };
  if (source === 'back' && last.allowed.includes('endBreak'))
    return { action: 'endBreak', reason: 'back', at: now.toISOString() };
  return null;
}
