import type { MessageId } from '@tsudoi/common';
import type { IntlShape } from 'react-intl';

type Snapshot = Record<string, unknown> | null;

/** Columns that say nothing to a reader of the log (ids and bookkeeping times). */
const NOISE = new Set(['id', 'createdAt', 'updatedAt', 'passwordHash']);

/** "employeeRole" → "Employee role": the fallback label of a field without its own. */
const words = (key: string) => {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function label(intl: IntlShape, key: string): string {
  const id = `adminConsole.audit.field.${key}` as MessageId;
  return intl.messages[id] ? intl.formatMessage({ id }) : words(key);
}

function value(intl: IntlShape, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return intl.formatMessage({ id: v ? 'adminConsole.audit.yes' : 'adminConsole.audit.no' });
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v))
    return intl.formatDate(v, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** What an action did, in words: its label when the catalogue has one, else its code. */
export function actionInWords(intl: IntlShape, action: string): string {
  const id = `adminConsole.audit.action.${action}` as MessageId;
  return intl.messages[id] ? intl.formatMessage({ id }) : action;
}

/**
 * An audit entry's before and after as a list a person reads: each field
 * that changed as "Label: before → after", and for an entry with only one
 * side (something made, or taken away) its fields as they were.
 */
export function AuditChanges({ intl, before, after }: { intl: IntlShape; before: Snapshot; after: Snapshot }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !NOISE.has(k));
  const rows = keys
    .map((k) => {
      const was = before?.[k];
      const now = after?.[k];
      if (before && after && JSON.stringify(was) === JSON.stringify(now)) return null;
      if (before && after && k in before && k in after) return { k, text: `${value(intl, was)} → ${value(intl, now)}` };
      return { k, text: value(intl, after && k in after ? now : was) };
    })
    .filter((r): r is { k: string; text: string } => r !== null);
  if (rows.length === 0) return <>—</>;
  return (
    <dl className="audit-changes">
      {rows.map((r) => (
        <div key={r.k} className="audit-changes__row">
          <dt>{label(intl, r.k)}</dt>
          <dd>{r.text}</dd>
        </div>
      ))}
    </dl>
  );
}
