import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ConfirmButton, DetailPage, useDetail } from '../components/Detail';
import { EditForm } from '../components/EditForm';
import { useAdminBase } from '../components/guards';
import { ResourceList, STATE_FILTER, type Column } from '../components/ResourceList';
import { SimpleTable } from '../components/SimpleTable';
import { formatValue, formatWhen } from '../format';
import type { Row } from '../slice';
import { useParticipantColumns } from './participants';

function useFloorColumns(): Column[] {
  const intl = useIntl();
  return [
    { key: 'id', label: 'adminConsole.col.id', sort: 'id' },
    { key: 'title', label: 'adminConsole.col.title', sort: 'title' },
    { key: 'companyName', label: 'adminConsole.col.company', wide: true },
    { key: 'hostName', label: 'adminConsole.col.host', wide: true },
    {
      key: 'startAt',
      label: 'adminConsole.col.startAt',
      sort: 'startAt',
      render: (r) => formatWhen(intl, r.startAt),
      wide: true,
    },
    { key: 'participants', label: 'adminConsole.col.participants' },
    {
      key: 'online',
      label: 'adminConsole.col.online',
      render: (r) => (
        <span className={Number(r.online) > 0 ? 'console-badge console-badge--success' : undefined}>
          {String(r.online)}
        </span>
      ),
    },
    { key: 'privacy', label: 'adminConsole.col.privacy', render: (r) => formatValue(intl, r.privacy), wide: true },
  ];
}

export function FloorTable({ rows }: { rows: Row[] }) {
  const base = useAdminBase();
  return <SimpleTable columns={useFloorColumns()} rows={rows} rowLink={(r) => `${base}/floors/${r.id}`} />;
}

export function FloorsPage() {
  const base = useAdminBase();
  return (
    <ResourceList
      resource="floors"
      title="adminConsole.floors.title"
      api="/admin/floors"
      exportable
      defaultSort="createdAt"
      columns={useFloorColumns()}
      rowLink={(r) => `${base}/floors/${r.id}`}
      filters={[STATE_FILTER]}
    />
  );
}

export function FloorDetailPage() {
  const intl = useIntl();
  const base = useAdminBase();
  const { id = '' } = useParams();
  const path = `/admin/floors/${id}`;
  const { data, error } = useDetail(path);
  const participantColumns = useParticipantColumns().filter((c) => c.key !== 'floorTitle');
  return (
    <DetailPage
      title="adminConsole.floors.detail"
      data={data}
      error={error}
      back={`${base}/floors`}
      fields={[
        ['adminConsole.col.id', data?.id as number],
        ['adminConsole.col.title', data?.title as string],
        [
          'adminConsole.col.company',
          <Link key="c" to={`${base}/companies/${String(data?.companyId)}`}>
            {String(data?.companyName ?? '')}
          </Link>,
        ],
        [
          'adminConsole.col.host',
          <Link key="h" to={`${base}/users/${String(data?.hostId)}`}>
            {String(data?.hostName ?? '')}
          </Link>,
        ],
        ['adminConsole.col.privacy', formatValue(intl, data?.privacy)],
        ['adminConsole.col.startAt', formatWhen(intl, data?.startAt)],
        ['adminConsole.col.endAt', formatWhen(intl, data?.endAt)],
        ['adminConsole.col.catchcopy', data?.catchcopy as string],
        ['adminConsole.col.description', data?.description as string],
        ['adminConsole.col.online', String(data?.online ?? 0)],
        ['adminConsole.col.deletedAt', formatWhen(intl, data?.deletedAt)],
      ]}
      actions={
        !data?.deletedAt && (
          <>
            <Link className="button button--primary" to={`${base}/floors/${id}/edit`}>
              {intl.formatMessage({ id: 'adminConsole.action.edit' })}
            </Link>
            <ConfirmButton
              label="adminConsole.action.delete"
              danger
              text={intl.formatMessage({ id: 'adminConsole.confirm.delete' }, { name: String(data?.title ?? '') })}
              request={{ method: 'DELETE', path, to: `${base}/floors`, reload: [{ path }] }}
            />
          </>
        )
      }
    >
      <h2 className="console-section-title">{intl.formatMessage({ id: 'adminConsole.floors.participantList' })}</h2>
      <SimpleTable
        columns={participantColumns}
        rows={(data?.participantList as Row[] | undefined) ?? []}
        rowLink={(r) => `${base}/participants/${r.id}`}
      />
    </DetailPage>
  );
}

export function FloorEditPage() {
  const base = useAdminBase();
  const { id = '' } = useParams();
  const { data } = useDetail(`/admin/floors/${id}`);
  return (
    <EditForm
      title="adminConsole.floors.edit"
      initial={data}
      method="PATCH"
      api={`/admin/floors/${id}`}
      done={`${base}/floors/${id}`}
      fields={[
        { name: 'title', label: 'adminConsole.col.title', required: true },
        { name: 'catchcopy', label: 'adminConsole.col.catchcopy' },
        { name: 'description', label: 'adminConsole.col.description', type: 'textarea' },
        {
          name: 'privacy',
          label: 'adminConsole.col.privacy',
          type: 'select',
          options: [
            { value: 'public', label: 'adminConsole.value.public' },
            { value: 'private', label: 'adminConsole.value.private' },
          ],
        },
      ]}
      toBody={(v) => ({
        title: v.title,
        catchcopy: v.catchcopy || null,
        description: v.description || null,
        privacy: v.privacy,
      })}
    />
  );
}
