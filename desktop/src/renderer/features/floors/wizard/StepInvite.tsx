import type { MessageId } from '@tsudoi/common';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Avatar } from '@tsudoi/ui/controls';
import { guestList } from '../draft';
import { InvitedList } from './InvitedList';
import { StepHeading } from './StepBasic';
import './text-area.css';
import type { StepProps } from './step-props';

type Tab = 'guest' | 'member';

/**
 * Step 4: invite guests by e-mail and team members by ticking them; sent once
 * the floor exists. Editing shows who is invited already above.
 */
export function StepInvite({ wizard, errorOf }: StepProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [tab, setTab] = useState<Tab>('guest');
  const { draft, update, form } = wizard;
  const error = errorOf('guestEmails');
  const guests = guestList(draft.guestEmails).length;
  const toggle = (id: number, on: boolean) =>
    update({ memberIds: on ? [...draft.memberIds, id] : draft.memberIds.filter((m) => m !== id) });

  return (
    <div className="form-stack" data-tour="floor-invite">
      <StepHeading title={t('floors.wizard.step.invite')} text={t('floors.wizard.inviteIntro')} />
      {wizard.isEdit && <InvitedList invited={form.invited} failed={form.invitedFailed} />}
      <div className="floor-tabs floor-tabs--small" role="tablist" aria-label={t('floors.wizard.step.invite')}>
        {(['guest', 'member'] as const).map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`invite-tab-${item}`}
            className="floor-tabs__tab"
            aria-selected={tab === item}
            aria-controls={`invite-panel-${item}`}
            onClick={() => setTab(item)}
          >
            {t(`floors.invite.tab.${item}`)}
            <span className="floor-tabs__count">{item === 'guest' ? guests : draft.memberIds.length}</span>
          </button>
        ))}
      </div>
      {tab === 'guest' ? (
        <div id="invite-panel-guest" role="tabpanel" aria-labelledby="invite-tab-guest" className="field">
          <label className="field__label" htmlFor="floor-guests">
            {t('floors.invite.guestLabel')}
          </label>
          <div className={`field__control field__control--area${error ? ' field__control--invalid' : ''}`}>
            <textarea
              id="floor-guests"
              className="field__textarea"
              rows={5}
              placeholder="guest@example.com"
              value={draft.guestEmails}
              aria-invalid={error ? true : undefined}
              aria-describedby="floor-guests-hint"
              onChange={(event) => update({ guestEmails: event.target.value })}
            />
          </div>
          <p id="floor-guests-hint" className="wizard__hint">
            {t('floors.invite.guestHint')}
          </p>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      ) : (
        <div id="invite-panel-member" role="tabpanel" aria-labelledby="invite-tab-member">
          {form.employees === null ? (
            <p className="wizard__loading">{t('common.loading')}</p>
          ) : form.employees.length === 0 ? (
            <p className="wizard__empty">{t('floors.invite.noMembers')}</p>
          ) : (
            <ul className="member-pick">
              {form.employees.map((employee) => (
                <li key={employee.id}>
                  <label className="member-pick__row">
                    <input
                      type="checkbox"
                      checked={employee.invited || draft.memberIds.includes(employee.id)}
                      disabled={employee.invited}
                      onChange={(event) => toggle(employee.id, event.target.checked)}
                    />
                    <Avatar
                      name={employee.name}
                      imageUrl={employee.avatarImageUrl}
                      color={employee.avatarColor}
                      size={36}
                    />
                    <span className="member-pick__who">
                      <span className="member-pick__name">{employee.name}</span>
                      <span className="member-pick__email">{employee.email}</span>
                    </span>
                    {employee.invited && <span className="badge">{t('floors.invite.already')}</span>}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <p className="wizard__hint">{t('floors.invite.later')}</p>
    </div>
  );
}
