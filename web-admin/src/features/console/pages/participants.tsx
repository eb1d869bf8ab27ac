import { PARTICIPANT_PERMISSIONS } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ConfirmButton, DetailPage, useDetail } from '../components/Detail';
import { useAdminBase } from '../components/guards';
import { ResourceList, type Column } from '../components/ResourceList';
import { formatRole, formatValue, formatWhen } from '../format';

export function useParticipantColumns(): Column[] {
  const intl = useIntl();
  return [
    { key: 'id', label: 'adminConsole.col.id', sort: 'id' },
    { key: 'name', label: 'adminConsole.col.name', sort: 'name' },
    { key: 'email', label: 'adminConsole.col.email', sort: 'email', wide: true },
    { key: 'floorTitle', label: 'adminConsole.col.floor', wide: true },
    { key: 'type', label: 'adminConsole.col.role', render: (r) => formatRole(intl, r.type) },
    {
      key: 'status',
      label: 'adminConsole.col.status',
      render: (r) => (
        <span className={`console-badge${r.status === 'pending' ? '' : ' console-badge--success'}`}>
          {formatValue(intl, r.status)}
        </span>
      ),
    },
  ];
}

export function ParticipantsPage() {
  const base = useAdminBase();
  return (
    <ResourceList
      resource="participants"
      title="adminConsole.participants.title"
      api="/admin/participant"
      defaultSort="createdAt"
      columns={useParticipantColumns()}
      rowLink={(r) => `${base}/participants/${r.id}`}
      filters={[
        {
          name: 'status',
          label: 'adminConsole.filter.status',
          options: [
            { value: '', label: 'adminConsole.filter.all' },
            { value: 'pending', label: 'adminConsole.value.pending' },
            { value: 'participated', label: 'adminConsole.value.participated' },
          ],
        },
      ]}
    />
  );
}

export function ParticipantDetailPage() {
  const intl = useIntl();
  const base = useAdminBase();
  const { id = '' } = useParams();
  const path = `/admin/participant/${id}`;
  const { data, error } = useDetail(path);
  const permissions = (data?.permissions ?? {}) as Record<string, boolean>;
  // in words, in the order of the spec (participants.permission.*), never the flag's code
  const granted = intl.formatList(
    PARTICIPANT_PERMISSIONS.filter((name) => permissions[name]).map((name) =>
      intl.formatMessage({ id: `participants.permission.${name}` }),
    ),
    { type: 'conjunction' },
  );
  const email = String(data?.email ?? '');
  return (
    <DetailPage
      title="adminConsole.participants.detail"
      data={data}
      error={error}
      back={`${base}/participants`}
      fields={[
        ['adminConsole.col.id', data?.id as number],
        ['adminConsole.col.name', data?.name as string],
        ['adminConsole.col.email', email],
        [
          'adminConsole.col.floor',
          <Link key="f" to={`${base}/floors/${String(data?.floorId)}`}>
            {String(data?.floorTitle ?? '')}
          </Link>,
        ],
        ['adminConsole.col.role', formatRole(intl, data?.type)],
        ['adminConsole.col.status', formatValue(intl, data?.status)],
        ['adminConsole.participants.permissions', granted || '—'],
        ['adminConsole.col.createdAt', formatWhen(intl, data?.createdAt)],
      ]}
      actions={
        <>
          {data?.status === 'pending' && (
            <ConfirmButton
              label="adminConsole.action.resend"
              text={intl.formatMessage({ id: 'adminConsole.confirm.resend' }, { email })}
              request={{ method: 'POST', path: '/admin/participant/resend', body: { email } }}
            />
          )}
          {data?.type !== 'HOST' && (
            <ConfirmButton
              label="adminConsole.action.delete"
              danger
              text={intl.formatMessage({ id: 'adminConsole.confirm.delete' }, { name: String(data?.name ?? '') })}
              request={{ method: 'DELETE', path, to: `${base}/participants` }}
            />
          )}
        </>
      }
    />
  );
}
