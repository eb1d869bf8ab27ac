import type { MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Button } from '@tsudoi/ui/controls';
import { DetailPage, useDetail, useMutation } from '../components/Detail';
import { useAdminBase } from '../components/guards';
import { ResourceList } from '../components/ResourceList';
import { formatWhen } from '../format';

const STATUS_BADGE: Record<string, string> = {
  new: 'console-badge console-badge--warning',
  answered: 'console-badge console-badge--success',
  closed: 'console-badge',
};

/** The contact form's inquiries (issue 25 §15): newest first, by status, searchable. */
export function InquiriesPage() {
  const intl = useIntl();
  const base = useAdminBase();
  const status = (s: unknown) => (
    <span className={STATUS_BADGE[String(s)] ?? 'console-badge'}>
      {intl.formatMessage({ id: `adminConsole.inquiries.status.${String(s)}` as MessageId })}
    </span>
  );
  return (
    <ResourceList
      resource="inquiries"
      title="adminConsole.inquiries.title"
      api="/admin/inquiries"
      defaultSort="createdAt"
      columns={[
        {
          key: 'createdAt',
          label: 'adminConsole.col.at',
          sort: 'createdAt',
          render: (r) => formatWhen(intl, r.createdAt),
        },
        { key: 'status', label: 'adminConsole.col.status', sort: 'status', render: (r) => status(r.status) },
        { key: 'name', label: 'adminConsole.col.name', sort: 'name' },
        { key: 'company', label: 'adminConsole.col.inquiryCompany' },
        { key: 'email', label: 'adminConsole.col.email', wide: true },
        {
          key: 'inquiry',
          label: 'adminConsole.col.inquiry',
          wide: true,
          render: (r) => {
            const text = String(r.inquiry);
            return text.length > 80 ? `${text.slice(0, 80)}…` : text;
          },
        },
      ]}
      rowLink={(r) => `${base}/inquiries/${r.id}`}
      filters={[
        {
          name: 'status',
          label: 'adminConsole.filter.status',
          options: [
            { value: '', label: 'adminConsole.filter.all' },
            { value: 'new', label: 'adminConsole.inquiries.status.new' },
            { value: 'answered', label: 'adminConsole.inquiries.status.answered' },
            { value: 'closed', label: 'adminConsole.inquiries.status.closed' },
          ],
        },
      ]}
    />
  );
}

/** One inquiry: who asked what, when, and where the operators are with it. */
export function InquiryDetailPage() {
  const intl = useIntl();
  const base = useAdminBase();
  const { id = '' } = useParams();
  const path = `/admin/inquiries/${id}`;
  const { data, error } = useDetail(path);
  const { saving, run } = useMutation();
  const t = (key: string) => intl.formatMessage({ id: key as MessageId });
  const when = (v: unknown) => (v ? formatWhen(intl, v) : '—');
  const setStatus = (status: string) =>
    run({
      method: 'PATCH',
      path,
      body: { status },
      reload: [{ path }, { key: 'inquiries', path: '/admin/inquiries' }],
    });
  const email = String(data?.email ?? '');
  return (
    <DetailPage
      title="adminConsole.inquiries.detail"
      data={data}
      error={error}
      back={`${base}/inquiries`}
      fields={[
        ['adminConsole.col.at', when(data?.createdAt)],
        ['adminConsole.col.status', t(`adminConsole.inquiries.status.${String(data?.status ?? 'new')}`)],
        ['adminConsole.col.name', String(data?.name ?? '')],
        ['adminConsole.col.inquiryCompany', String(data?.company ?? '')],
        [
          'adminConsole.col.email',
          <a key="m" href={`mailto:${email}`}>
            {email}
          </a>,
        ],
        ['adminConsole.col.phone', String(data?.phone || '—')],
        ['adminConsole.col.language', String(data?.locale ?? '')],
        [
          'adminConsole.col.inquiry',
          <p key="i" className="console-prewrap">
            {String(data?.inquiry ?? '')}
          </p>,
        ],
        ['adminConsole.col.handledBy', data?.handledBy ? `${String(data.handledBy)} · ${when(data.handledAt)}` : '—'],
        ['adminConsole.col.acknowledged', when(data?.acknowledgedAt)],
      ]}
      actions={
        <>
          {['answered', 'closed', 'new']
            .filter((s) => s !== data?.status)
            .map((s) => (
              <Button key={s} variant="secondary" busy={saving} onClick={() => setStatus(s)}>
                {t(`adminConsole.inquiries.mark.${s}`)}
              </Button>
            ))}
        </>
      }
    />
  );
}
