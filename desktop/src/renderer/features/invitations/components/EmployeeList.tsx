import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { type EmployeeRow, type MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { RoleBadge } from '../../../ui/RoleBadge';
import { employeesRequested, resendRequested, selectInvitations } from '../slice';
import './invitations.css';

/** The team: members (the owner first) and pending invitations, which OWNER and ADMIN can re-send. */
export function EmployeeList({ canManage }: { canManage: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { employees, loading } = useAppSelector(selectInvitations);
  const [now] = useState(() => Date.now());
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  useEffect(() => {
    dispatch(employeesRequested(1));
  }, [dispatch]);

  return (
    <section className="card" aria-labelledby="members-title" aria-busy={loading}>
      <div className="card__header">
        <h2 id="members-title" className="card__title">
          {t('invitations.list.title')}
        </h2>
        {employees && <span className="card__note">{t('invitations.list.count', { count: employees.total })}</span>}
      </div>
      <ul className="member-list">
        {employees?.data.map((row) => (
          <MemberRow key={`${row.status}-${row.id}`} row={row} canManage={canManage} now={now} />
        ))}
      </ul>
      {employees && employees.pageCount > 1 && (
        <div className="member-list__pager">
          <Button
            variant="secondary"
            disabled={employees.page <= 1}
            onClick={() => dispatch(employeesRequested(employees.page - 1))}
          >
            {t('common.previous')}
          </Button>
          <span>{t('common.pageOf', { page: employees.page, pages: employees.pageCount })}</span>
          <Button
            variant="secondary"
            disabled={employees.page >= employees.pageCount}
            onClick={() => dispatch(employeesRequested(employees.page + 1))}
          >
            {t('common.next')}
          </Button>
        </div>
      )}
    </section>
  );
}

function MemberRow({ row, canManage, now }: { row: EmployeeRow; canManage: boolean; now: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const resending = useAppSelector(selectInvitations).resending.includes(row.id);
  const pending = row.status === 'pending';
  const expired = pending && row.expiresAt !== null && Date.parse(row.expiresAt) <= now;
  const until = row.expiresAt ? intl.formatDate(row.expiresAt, { dateStyle: 'medium' }) : '';

  return (
    <li className={`member-row${pending ? ' member-row--pending' : ''}`} data-email={row.email}>
      <Avatar name={row.name} imageUrl={row.avatarImageUrl} color={row.avatarColor} size={40} />
      <div className="member-row__who">
        <p className="member-row__name">{pending ? row.email : row.name}</p>
        <p className="member-row__email">
          {pending
            ? intl.formatMessage({ id: expired ? 'invitations.list.expired' : 'invitations.list.expires' }, { until })
            : row.email}
        </p>
      </div>
      <div className="member-row__status">
        {pending ? (
          <span className={`badge ${expired ? '' : 'badge--warning'}`}>
            {intl.formatMessage({ id: expired ? 'invitations.status.expired' : 'invitations.status.pending' })}
          </span>
        ) : (
          <RoleBadge role={row.role} />
        )}
        {pending && canManage && (
          <Button
            variant="secondary"
            className="member-row__resend"
            busy={resending}
            aria-label={intl.formatMessage({ id: 'invitations.list.resendTo' }, { email: row.email })}
            onClick={() => resending || dispatch(resendRequested(row.id))}
          >
            {intl.formatMessage({ id: 'invitations.list.resend' })}
          </Button>
        )}
      </div>
    </li>
  );
}
