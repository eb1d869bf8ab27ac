import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ConfirmButton, DetailPage, useDetail } from '../components/Detail';
import { EditForm } from '../components/EditForm';
import { useAdminBase } from '../components/guards';
import { ResourceList, STATE_FILTER, type Column } from '../components/ResourceList';
import { formatRole, formatValue, formatWhen } from '../format';
import type { Row } from '../slice';
import { FloorTable } from './floors';

export function useUserColumns(): Column[] {
  const intl = useIntl();
  return [
    { key: 'id', label: 'adminConsole.col.id', sort: 'id' },
    { key: 'name', label: 'adminConsole.col.name', sort: 'name' },
    { key: 'email', label: 'adminConsole.col.email', sort: 'email', wide: true },
    { key: 'companyName', label: 'adminConsole.col.company', wide: true },
    {
      key: 'employeeRole',
      label: 'adminConsole.col.role',
      render: (r) => formatRole(intl, r.employeeRole),
      wide: true,
    },
    {
      key: 'deletedAt',
      label: 'adminConsole.col.status',
      render: (r) =>
        r.deletedAt ? (
          <span className="console-badge console-badge--danger">
            {intl.formatMessage({ id: 'adminConsole.filter.deleted' })}
          </span>
        ) : (
          <span className="console-badge console-badge--success">
            {intl.formatMessage({ id: 'adminConsole.value.active' })}
          </span>
        ),
    },
    {
      key: 'createdAt',
      label: 'adminConsole.col.createdAt',
      sort: 'createdAt',
      render: (r) => formatWhen(intl, r.createdAt),
      wide: true,
    },
  ];
}

export function UsersPage() {
  const base = useAdminBase();
  return (
    <ResourceList
      resource="users"
      title="adminConsole.users.title"
      api="/admin/users"
      exportable
      defaultSort="createdAt"
      columns={useUserColumns()}
      rowLink={(r) => `${base}/users/${r.id}`}
      filters={[STATE_FILTER]}
    />
  );
}

export function UserDetailPage() {
  const intl = useIntl();
  const base = useAdminBase();
  const { id = '' } = useParams();
  const path = `/admin/users/${id}`;
  const { data, error } = useDetail(path);
  const name = String(data?.name ?? '');
  const deleted = Boolean(data?.deletedAt);
  const reload = [{ path }, { key: 'users', path: '/admin/users?sort=createdAt' }];
  return (
    <DetailPage
      title="adminConsole.users.detail"
      data={data}
      error={error}
      back={`${base}/users`}
      fields={[
        ['adminConsole.col.id', data?.id as number],
        ['adminConsole.col.name', name],
        ['adminConsole.col.email', data?.email as string],
        [
          'adminConsole.col.company',
          data?.employmentCompanyId ? (
            <Link to={`${base}/users/${id}/company`}>{String(data.companyName ?? data.employmentCompanyId)}</Link>
          ) : null,
        ],
        ['adminConsole.col.role', formatRole(intl, data?.employeeRole)],
        ['adminConsole.col.verifiedAt', formatWhen(intl, data?.verifiedAt)],
        ['adminConsole.col.createdAt', formatWhen(intl, data?.createdAt)],
        ['adminConsole.col.deletedAt', formatWhen(intl, data?.deletedAt)],
      ]}
      actions={
        <>
          {!deleted && (
            <Link className="button button--primary" to={`${base}/users/${id}/edit`}>
              {intl.formatMessage({ id: 'adminConsole.action.edit' })}
            </Link>
          )}
          {deleted ? (
            <ConfirmButton
              label="adminConsole.action.recover"
              text={intl.formatMessage({ id: 'adminConsole.confirm.recover' }, { name })}
              request={{ method: 'PATCH', path: `/admin/users/${id}/recover`, reload }}
            />
          ) : (
            <ConfirmButton
              label="adminConsole.action.delete"
              danger
              text={intl.formatMessage({ id: 'adminConsole.confirm.delete' }, { name })}
              request={{ method: 'DELETE', path: `/admin/users/${id}`, reload }}
            />
          )}
          <ConfirmButton
            label="adminConsole.action.permanentDelete"
            danger
            text={intl.formatMessage({ id: 'adminConsole.confirm.permanentDelete' }, { name })}
            request={{ method: 'DELETE', path: `/admin/users/permanent-delete/${id}`, to: `${base}/users` }}
          />
        </>
      }
    >
      <h2 className="console-section-title">{intl.formatMessage({ id: 'adminConsole.users.hostedFloors' })}</h2>
      <FloorTable rows={(data?.floors as Row[] | undefined) ?? []} />
    </DetailPage>
  );
}

export function UserEditPage() {
  const base = useAdminBase();
  const { id = '' } = useParams();
  const { data } = useDetail(`/admin/users/${id}`);
  return (
    <EditForm
      title="adminConsole.users.edit"
      initial={data && { ...data, verified: Boolean(data.verifiedAt) }}
      method="PATCH"
      api={`/admin/users/${id}`}
      done={`${base}/users/${id}`}
      fields={[
        { name: 'name', label: 'adminConsole.col.name', required: true },
        { name: 'email', label: 'adminConsole.col.email', type: 'email', required: true },
        { name: 'verified', label: 'adminConsole.col.verified', type: 'checkbox' },
      ]}
      toBody={(v) => ({ name: v.name, email: v.email, verified: v.verified })}
    />
  );
}

/** users/{id}/company: the company the user belongs to, with a link to it. */
export function UserCompanyPage() {
  const intl = useIntl();
  const base = useAdminBase();
  const { id = '' } = useParams();
  const user = useDetail(`/admin/users/${id}`);
  const companyId = user.data?.employmentCompanyId as number | null | undefined;
  if (user.data && !companyId) {
    return (
      <DetailPage
        title="adminConsole.action.company"
        data={user.data}
        error={null}
        back={`${base}/users/${id}`}
        fields={[]}
      >
        <p className="console-card console-empty">{intl.formatMessage({ id: 'adminConsole.users.noCompany' })}</p>
      </DetailPage>
    );
  }
  return companyId ? <CompanyOf id={companyId} back={`${base}/users/${id}`} /> : null;
}

function CompanyOf({ id, back }: { id: number; back: string }) {
  const intl = useIntl();
  const base = useAdminBase();
  const { data, error } = useDetail(`/admin/company/${id}`);
  return (
    <DetailPage
      title="adminConsole.action.company"
      data={data}
      error={error}
      back={back}
      fields={[
        [
          'adminConsole.col.name',
          <Link key="c" to={`${base}/companies/${id}`}>
            {String(data?.name ?? '')}
          </Link>,
        ],
        ['adminConsole.col.plan', formatValue(intl, data?.plan)],
        ['adminConsole.col.members', `${String(data?.members ?? 0)} / ${String(data?.maxEmployee ?? 0)}`],
      ]}
    />
  );
}
