import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { type EmployeeRow, type MessageId, type UserDto } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar, Button, ConfirmDialog, RoleBadge } from '@tsudoi/ui/controls';
import { selectCurrentUser } from '../../auth';
import { employeesRequested, memberRemoveRequested, resendRequested, selectInvitations } from '../slice';
import './invitations.css';

/**
 * The team: members (the owner first) and pending invitations, which OWNER
 * and ADMIN can re-send. The OWNER removes any other member, an ADMIN plain
 * members; the removed person's open sessions are told at once.
 */
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

/** Whether `me` may remove this member: never the owner or oneself; admins only plain members. */
function removable(row: EmployeeRow, me: UserDto | null): boolean {
  if (!me || row.status !== 'active' || row.id === me.id || row.role === 'OWNER') return false;
  return me.employeeRole === 'OWNER' || (me.employeeRole === 'ADMIN' && row.role === 'EMPLOYEE');
}

function MemberRow({ row, canManage, now }: { row: EmployeeRow; canManage: boolean; now: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const { resending: resendingIds, removing: removingIds } = useAppSelector(selectInvitations);
  const resending = resendingIds.includes(row.id);
  const removing = row.status === 'active' && removingIds.includes(row.id);
  const [confirming, setConfirming] = useState(false);
  const companyId = me?.employmentCompanyId ?? null;
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
        {canManage && companyId !== null && removable(row, me) && (
          <Button
            variant="secondary"
            className="member-row__remove"
            busy={removing}
            aria-label={intl.formatMessage({ id: 'invitations.remove.label' }, { name: row.name })}
            onClick={() => setConfirming(true)}
          >
            {intl.formatMessage({ id: 'invitations.remove.button' })}
          </Button>
        )}
      </div>
      {companyId !== null && (
        <ConfirmDialog
          open={confirming}
          title={intl.formatMessage({ id: 'invitations.remove.title' }, { name: row.name })}
          confirmLabel={intl.formatMessage({ id: 'invitations.remove.confirm' })}
          cancelLabel={intl.formatMessage({ id: 'common.cancel' })}
          danger
          busy={removing}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            dispatch(memberRemoveRequested({ companyId, userId: row.id }));
          }}
        >
          {intl.formatMessage({ id: 'invitations.remove.text' }, { name: row.name })}
        </ConfirmDialog>
      )}
    </li>
  );
}
