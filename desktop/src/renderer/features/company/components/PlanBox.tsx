import { useIntl } from 'react-intl';
import type { CompanyDto } from '@tsudoi/common';

/** The plan and its seats: members plus live invitations of maxEmployee (calls spec §9.2). */
export function PlanBox({ company }: { company: CompanyDto }) {
  const intl = useIntl();
  const used = company.numberOfEmployees + company.pendingInvitations;
  const share = Math.min(100, Math.round((used / Math.max(company.maxEmployee, 1)) * 100));
  return (
    <div className="plan-box" data-testid="plan-box">
      <span className="plan-box__label">{intl.formatMessage({ id: 'company.plan.label' })}</span>
      <span className="plan-box__plan">{intl.formatMessage({ id: `company.plan.${company.plan}` })}</span>
      <span className="plan-box__seats">
        {intl.formatMessage(
          { id: 'company.plan.seats' },
          { used: <strong key="used">{used}</strong>, max: company.maxEmployee },
        )}
      </span>
      <div
        className="plan-box__meter"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={company.maxEmployee}
        aria-valuenow={used}
        aria-label={intl.formatMessage({ id: 'company.plan.meter' })}
      >
        <span style={{ width: `${share}%` }} />
      </div>
      <span className="plan-box__seats">
        {intl.formatMessage(
          { id: 'company.plan.breakdown' },
          { members: company.numberOfEmployees, pending: company.pendingInvitations },
        )}
      </span>
    </div>
  );
}
