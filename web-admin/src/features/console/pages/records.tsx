import type { MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAdminBase } from '../components/guards';
import { ResourceList } from '../components/ResourceList';
import { formatValue, formatWhen } from '../format';
import { actionInWords, AuditChanges } from '../audit-changes';

/** floor_time_records: the participant log (every enter and leave), with CSV export. */
export function FloorTimeRecordsPage() {
  const intl = useIntl();
  const base = useAdminBase();
  return (
    <ResourceList
      resource="log"
      title="adminConsole.log.title"
      api="/admin/participant_log"
      exportable
      defaultSort="at"
      columns={[
        { key: 'id', label: 'adminConsole.col.id', sort: 'id', wide: true },
        { key: 'at', label: 'adminConsole.col.at', sort: 'at', render: (r) => formatWhen(intl, r.at) },
        {
          key: 'type',
          label: 'adminConsole.col.type',
          render: (r) => (
            <span className={`console-badge${r.type === 'enter' ? ' console-badge--success' : ''}`}>
              {formatValue(intl, r.type)}
            </span>
          ),
        },
        {
          key: 'userName',
          label: 'adminConsole.col.name',
          render: (r) => <Link to={`${base}/users/${String(r.userId)}`}>{String(r.userName ?? '—')}</Link>,
        },
        {
          key: 'floorTitle',
          label: 'adminConsole.col.floor',
          render: (r) => <Link to={`${base}/floors/${String(r.floorId)}`}>{String(r.floorTitle ?? '—')}</Link>,
        },
        { key: 'companyName', label: 'adminConsole.col.company', wide: true },
      ]}
      filters={[
        {
          name: 'type',
          label: 'adminConsole.filter.type',
          options: [
            { value: '', label: 'adminConsole.filter.all' },
            { value: 'enter', label: 'adminConsole.value.enter' },
            { value: 'leave', label: 'adminConsole.value.leave' },
          ],
        },
      ]}
    />
  );
}

/** The audit log: who did what, when, and what changed — in words (issue 25 §14). */
export function AuditPage() {
  const intl = useIntl();
  const snapshot = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);
  return (
    <ResourceList
      resource="audit"
      title="adminConsole.audit.title"
      api="/admin/audit"
      defaultSort="at"
      columns={[
        { key: 'at', label: 'adminConsole.col.at', sort: 'at', render: (r) => formatWhen(intl, r.at) },
        { key: 'action', label: 'adminConsole.col.action', render: (r) => actionInWords(intl, String(r.action)) },
        {
          key: 'adminEmail',
          label: 'adminConsole.col.actor',
          render: (r) =>
            `${String(r.adminEmail)} (${intl.formatMessage({ id: `adminConsole.audit.actor.${String(r.actorKind ?? 'admin')}` as MessageId })})`,
        },
        {
          key: 'targetId',
          label: 'adminConsole.col.target',
          render: (r) => `${String(r.targetType)} #${String(r.targetId ?? '—')}`,
        },
        {
          key: 'after',
          label: 'adminConsole.col.changes',
          render: (r) => <AuditChanges intl={intl} before={snapshot(r.before)} after={snapshot(r.after)} />,
          wide: true,
        },
      ]}
      filters={[
        {
          name: 'targetType',
          label: 'adminConsole.col.target',
          options: [
            { value: '', label: 'adminConsole.filter.all' },
            { value: 'user', label: 'adminConsole.nav.users' },
            { value: 'admin', label: 'adminConsole.nav.admins' },
            { value: 'company', label: 'adminConsole.nav.companies' },
            { value: 'floor', label: 'adminConsole.nav.floors' },
            { value: 'participant', label: 'adminConsole.nav.participants' },
            { value: 'invitation', label: 'adminConsole.audit.target.invitation' },
            { value: 'chatMessage', label: 'adminConsole.audit.target.chatMessage' },
            { value: 'timeLog', label: 'adminConsole.audit.target.timeLog' },
            { value: 'inquiry', label: 'adminConsole.audit.target.inquiry' },
          ],
        },
      ]}
    />
  );
}
