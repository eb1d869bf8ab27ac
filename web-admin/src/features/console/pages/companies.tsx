import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { MessageId } from '@tsudoi/common';
import { Button } from '@tsudoi/ui/controls';
import { ConfirmButton, DetailPage, useDetail, useMutation } from '../components/Detail';
import { EditForm } from '../components/EditForm';
import { useAdminBase } from '../components/guards';
import { ResourceList, type Column } from '../components/ResourceList';
import { SimpleTable } from '../components/SimpleTable';
import { formatBytes, formatValue, formatWhen } from '../format';
import type { Row } from '../slice';
import { useUserColumns } from './users';

function useCompanyColumns(): Column[] {
  const intl = useIntl();
  return [
    { key: 'id', label: 'adminConsole.col.id', sort: 'id' },
    { key: 'name', label: 'adminConsole.col.name', sort: 'name' },
    {
      key: 'plan',
      label: 'adminConsole.col.plan',
      sort: 'plan',
      render: (r) => (
        <span className={`console-badge${r.plan === 'business' ? ' console-badge--success' : ''}`}>
          {formatValue(intl, r.plan)}
        </span>
      ),
    },
    {
      key: 'members',
      label: 'adminConsole.col.members',
      render: (r) => `${String(r.members)} / ${String(r.maxEmployee)}`,
    },
    { key: 'ownerName', label: 'adminConsole.col.owner', wide: true },
    {
      key: 'createdAt',
      label: 'adminConsole.col.createdAt',
      sort: 'createdAt',
      render: (r) => formatWhen(intl, r.createdAt),
      wide: true,
    },
  ];
}

const PLAN_OPTIONS = [
  { value: 'starter', label: 'adminConsole.value.starter' as const },
  { value: 'business', label: 'adminConsole.value.business' as const },
];

export function CompaniesPage() {
  const base = useAdminBase();
  return (
    <ResourceList
      resource="companies"
      title="adminConsole.companies.title"
      api="/admin/company"
      exportable
      defaultSort="createdAt"
      columns={useCompanyColumns()}
      rowLink={(r) => `${base}/companies/${r.id}`}
      filters={[
        {
          name: 'plan',
          label: 'adminConsole.filter.plan',
          options: [{ value: '', label: 'adminConsole.filter.all' }, ...PLAN_OPTIONS],
        },
      ]}
    />
  );
}

export function CompanyDetailPage() {
  const intl = useIntl();
  const base = useAdminBase();
  const { id = '' } = useParams();
  const path = `/admin/company/${id}`;
  const { data, error } = useDetail(path);
  return (
    <DetailPage
      title="adminConsole.companies.detail"
      data={data}
      error={error}
      back={`${base}/companies`}
      fields={[
        ['adminConsole.col.id', data?.id as number],
        ['adminConsole.col.name', data?.name as string],
        ['adminConsole.col.plan', formatValue(intl, data?.plan)],
        ['adminConsole.col.members', String(data?.members ?? 0)],
        ['adminConsole.col.maxEmployee', String(data?.maxEmployee ?? 0)],
        [
          'adminConsole.col.owner',
          data?.ownerId ? (
            <Link key="o" to={`${base}/users/${String(data.ownerId)}`}>
              {String(data.ownerName)}
            </Link>
          ) : null,
        ],
        ['adminConsole.col.storage', formatBytes(Number(data?.storageBytes ?? 0))],
        ['adminConsole.col.createdAt', formatWhen(intl, data?.createdAt)],
      ]}
      actions={
        <>
          <Link className="button button--primary" to={`${base}/companies/${id}/edit`}>
            {intl.formatMessage({ id: 'adminConsole.action.edit' })}
          </Link>
          <ConfirmButton
            label="adminConsole.action.delete"
            danger
            text={intl.formatMessage({ id: 'adminConsole.confirm.delete' }, { name: String(data?.name ?? '') })}
            request={{ method: 'DELETE', path, to: `${base}/companies` }}
          />
        </>
      }
    >
      <h2 className="console-section-title">{intl.formatMessage({ id: 'adminConsole.companies.memberList' })}</h2>
      <SimpleTable
        columns={useUserColumns().filter((c) => c.key !== 'companyName')}
        rows={(data?.memberList as Row[] | undefined) ?? []}
        rowLink={(r) => `${base}/users/${r.id}`}
      />
      <CompanyInvitations companyId={Number(id)} path={path} pending={(data?.pendingInvitations as Row[]) ?? []} />
    </DetailPage>
  );
}

export function CompanyEditPage() {
  const base = useAdminBase();
  const { id = '' } = useParams();
  const { data } = useDetail(`/admin/company/${id}`);
  return (
    <EditForm
      title="adminConsole.companies.edit"
      initial={data}
      method="PATCH"
      api={`/admin/company/${id}`}
      done={`${base}/companies/${id}`}
      fields={[
        { name: 'name', label: 'adminConsole.col.name', required: true },
        { name: 'plan', label: 'adminConsole.col.plan', type: 'select', options: PLAN_OPTIONS },
        { name: 'maxEmployee', label: 'adminConsole.col.maxEmployee', type: 'number', required: true },
      ]}
      toBody={(v) => ({
        name: v.name,
        plan: v.plan,
        // an unchanged limit is left out, so a new plan brings its own (5 or 25)
        ...(Number(v.maxEmployee) !== data?.maxEmployee ? { maxEmployee: Number(v.maxEmployee) } : {}),
      })}
    />
  );
}

/** Calls spec §7.8 admin variants: check and send a bulk invitation for this team, re-send a pending one. */
function CompanyInvitations({ companyId, path, pending }: { companyId: number; path: string; pending: Row[] }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [text, setText] = useState('');
  const { saving, run } = useMutation();
  const emails = text
    .split(/[\s,;、]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const body = { companyId, emails };
  return (
    <>
      <h2 className="console-section-title">{t('adminConsole.invite.title')}</h2>
      <div className="console-card console-invite">
        <label className="console-invite__label" htmlFor="admin-invite-emails">
          {t('adminConsole.invite.emails')}
        </label>
        <textarea
          id="admin-invite-emails"
          className="console-textarea"
          rows={3}
          value={text}
          placeholder="taro@example.jp, hanako@example.jp"
          onChange={(e) => setText(e.target.value)}
        />
        <p className="console-hint">{t('adminConsole.invite.hint')}</p>
        <div className="console-invite__actions">
          <Button
            variant="secondary"
            disabled={emails.length === 0 || saving}
            onClick={() => run({ method: 'POST', path: '/admin/company-employees/check', body })}
          >
            {t('adminConsole.invite.check')}
          </Button>
          <Button
            disabled={emails.length === 0}
            busy={saving}
            onClick={() => {
              run({ method: 'POST', path: '/admin/company-employees/bulk', body, reload: [{ path }] });
              setText('');
            }}
          >
            {t('adminConsole.invite.send')}
          </Button>
        </div>
      </div>
      <h2 className="console-section-title">{t('adminConsole.invite.pending')}</h2>
      <SimpleTable
        columns={[
          { key: 'email', label: 'adminConsole.col.email' },
          {
            key: 'expiresAt',
            label: 'adminConsole.invite.expiresAt',
            render: (r) => formatWhen(intl, r.expiresAt),
            wide: true,
          },
          {
            key: 'actions',
            label: 'adminConsole.storage.actions',
            render: (r) => (
              <ConfirmButton
                label="adminConsole.invite.resend"
                className="console-file-actions__button"
                text={intl.formatMessage({ id: 'adminConsole.invite.resendConfirm' }, { email: String(r.email) })}
                request={{
                  method: 'POST',
                  path: `/admin/company-employees/re-send/${String(r.id)}`,
                  reload: [{ path }],
                }}
              />
            ),
          },
        ]}
        rows={pending}
      />
    </>
  );
}
