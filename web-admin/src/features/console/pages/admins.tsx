import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { selectCurrentUser } from '@tsudoi/ui/session';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmButton, DetailPage, useDetail } from '../components/Detail';
import { EditForm, type FieldSpec } from '../components/EditForm';
import { useAdminBase } from '../components/guards';
import { ResourceList } from '../components/ResourceList';
import { formatWhen } from '../format';

export function AdminsPage() {
  const intl = useIntl();
  const base = useAdminBase();
  return (
    <ResourceList
      resource="admins"
      title="adminConsole.admins.title"
      api="/admin/admins"
      defaultSort="createdAt"
      columns={[
        { key: 'id', label: 'adminConsole.col.id', sort: 'id' },
        { key: 'name', label: 'adminConsole.col.name', sort: 'name' },
        { key: 'email', label: 'adminConsole.col.email', sort: 'email' },
        {
          key: 'createdAt',
          label: 'adminConsole.col.createdAt',
          sort: 'createdAt',
          render: (r) => formatWhen(intl, r.createdAt),
          wide: true,
        },
      ]}
      rowLink={(r) => `${base}/admins/${r.id}`}
      actions={
        <Link className="button button--primary" to={`${base}/admins/register`}>
          {intl.formatMessage({ id: 'adminConsole.action.register' })}
        </Link>
      }
    />
  );
}

export function AdminDetailPage() {
  const intl = useIntl();
  const base = useAdminBase();
  const me = useAppSelector(selectCurrentUser);
  const { id = '' } = useParams();
  const path = `/admin/admins/${id}`;
  const { data, error } = useDetail(path);
  return (
    <DetailPage
      title="adminConsole.admins.detail"
      data={data}
      error={error}
      back={`${base}/admins`}
      fields={[
        ['adminConsole.col.id', data?.id as number],
        ['adminConsole.col.name', data?.name as string],
        ['adminConsole.col.email', data?.email as string],
        ['adminConsole.col.createdAt', formatWhen(intl, data?.createdAt)],
      ]}
      actions={
        <>
          <Link className="button button--primary" to={`${base}/admins/${id}/edit`}>
            {intl.formatMessage({ id: 'adminConsole.action.edit' })}
          </Link>
          {me?.id !== Number(id) && (
            <ConfirmButton
              label="adminConsole.action.delete"
              danger
              text={intl.formatMessage({ id: 'adminConsole.confirm.delete' }, { name: String(data?.name ?? '') })}
              request={{ method: 'DELETE', path, to: `${base}/admins` }}
            />
          )}
        </>
      }
    />
  );
}

const adminFields = (passwordRequired: boolean): FieldSpec[] => [
  { name: 'name', label: 'adminConsole.col.name', required: true },
  { name: 'email', label: 'adminConsole.col.email', type: 'email', required: true },
  {
    name: 'password',
    label: 'adminConsole.col.password',
    type: 'password',
    required: passwordRequired,
    hint: passwordRequired ? undefined : 'adminConsole.admins.passwordHint',
  },
];
const adminBody = (v: Record<string, string | boolean>) => ({
  name: v.name,
  email: v.email,
  ...(v.password ? { password: v.password } : {}),
});

export function AdminEditPage({ self = false }: { self?: boolean }) {
  const base = useAdminBase();
  const me = useAppSelector(selectCurrentUser);
  const params = useParams();
  const id = self ? String(me?.id ?? '') : (params.id ?? '');
  const { data } = useDetail(`/admin/admins/${id}`);
  return (
    <EditForm
      title={self ? 'adminConsole.profile.edit' : 'adminConsole.admins.edit'}
      initial={data && { ...data, password: '' }}
      method="PATCH"
      api={`/admin/admins/${id}`}
      done={self ? `${base}/profile` : `${base}/admins/${id}`}
      fields={adminFields(false)}
      toBody={adminBody}
    />
  );
}

export function AdminRegisterPage() {
  const base = useAdminBase();
  return (
    <EditForm
      title="adminConsole.admins.register"
      initial={{ name: '', email: '', password: '' }}
      method="POST"
      api="/admin/admins"
      done={`${base}/admins`}
      fields={adminFields(true)}
      toBody={adminBody}
    />
  );
}

/** profile: the signed-in admin. */
export function AdminProfilePage() {
  const intl = useIntl();
  const base = useAdminBase();
  const me = useAppSelector(selectCurrentUser);
  return (
    <DetailPage
      title="adminConsole.profile.title"
      data={me as unknown as Record<string, unknown>}
      error={null}
      back={base}
      fields={[
        ['adminConsole.col.name', me?.name],
        ['adminConsole.col.email', me?.email],
        ['adminConsole.col.createdAt', formatWhen(intl, me?.createdAt)],
      ]}
      actions={
        <Link className="button button--primary" to={`${base}/profile/edit`}>
          {intl.formatMessage({ id: 'adminConsole.action.edit' })}
        </Link>
      }
    />
  );
}
