import { useState } from 'react';
import { useIntl } from 'react-intl';
import { allowedActions, ATTENDANCE_PERMISSIONS, avatarColour, type TeamStatusDto } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Avatar } from '@tsudoi/ui/controls';
import { permissionsSaveRequested, recordRequested, selectAttendance } from '../slice';
import { StatusPill } from './StatusPill';
import { timeIn } from './format';
import './time-log-edit.css';

/**
 * The team with everyone's status now; OWNER and ADMIN open a member's attendance permissions (spec §6);
 * a holder of manageOthers records for a teammate.
 */
export function TeamPanel() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { team, me, recording } = useAppSelector(selectAttendance);
  // manageOthers (spec §6): check a teammate in or out, or start and end their break
  const manages = me?.permissions.manageOthers ?? false;
  const [open, setOpen] = useState<number | null>(null);
  const canGrant = me?.role === 'OWNER' || me?.role === 'ADMIN';
  const tz = me?.timeZone ?? 'Asia/Tokyo';
  const toggle = (member: TeamStatusDto, key: (typeof ATTENDANCE_PERMISSIONS)[number]) =>
    dispatch(
      permissionsSaveRequested({
        userId: member.userId,
        permissions: { ...member.permissions, [key]: !member.permissions[key] },
      }),
    );
  return (
    <section className="card att-team" aria-labelledby="att-team-title">
      <div className="card__header">
        <h2 className="card__title" id="att-team-title">
          {intl.formatMessage({ id: 'attendance.page.team' })}
        </h2>
        <span className="card__note">
          {intl.formatMessage(
            { id: 'attendance.page.working' },
            { count: team.filter((t) => t.status === 'working').length },
          )}
        </span>
      </div>
      <ul className="att-team__list">
        {team.map((member) => {
          const fixed = member.role === 'OWNER' || member.role === 'ADMIN';
          return (
            <li key={member.userId} className="att-team__item" data-member={member.userId}>
              <div className="att-team__row">
                <Avatar
                  name={member.name}
                  imageUrl={member.avatarImageUrl}
                  color={avatarColour(member.name)}
                  size={32}
                />
                <span className="att-team__name">
                  {member.name}
                  {member.since && member.status && <small>{timeIn(member.since, tz)}〜</small>}
                </span>
                <StatusPill status={member.status} />
                {canGrant && !fixed && (
                  <button
                    type="button"
                    className="att-link"
                    aria-expanded={open === member.userId}
                    onClick={() => setOpen(open === member.userId ? null : member.userId)}
                  >
                    {intl.formatMessage({ id: 'attendance.page.permissions' })}
                  </button>
                )}
              </div>
              {manages && member.userId !== me?.userId && (
                <div
                  className="att-team__manage"
                  role="group"
                  aria-label={intl.formatMessage({ id: 'attendance.manage.for' }, { name: member.name })}
                >
                  {allowedActions(member.status).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className="att-chip"
                      data-action={action}
                      disabled={recording !== null}
                      onClick={() => dispatch(recordRequested({ action, employeeId: member.userId }))}
                    >
                      {intl.formatMessage({ id: `attendance.action.${action}` })}
                    </button>
                  ))}
                </div>
              )}
              {open === member.userId && (
                <fieldset className="att-perms">
                  <legend className="visually-hidden">
                    {intl.formatMessage({ id: 'attendance.page.permissionsOf' }, { name: member.name })}
                  </legend>
                  {ATTENDANCE_PERMISSIONS.map((key) => (
                    <label key={key} className="att-perms__item">
                      <input type="checkbox" checked={member.permissions[key]} onChange={() => toggle(member, key)} />
                      {intl.formatMessage({ id: `attendance.permission.${key}` })}
                    </label>
                  ))}
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
