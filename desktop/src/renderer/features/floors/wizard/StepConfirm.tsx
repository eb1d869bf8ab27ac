import type { MessageId } from '@tsudoi/common';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../app/hooks';
import { selectLocale } from '@tsudoi/ui/i18n';
import { FloorImage } from '../components/FloorImage';
import { guestList, type WizardStep } from '../draft';
import { formatJapanDateTime, japanTime } from '../time';
import { StepHeading } from './StepBasic';
import type { StepProps } from './step-props';

/** Step 5: everything at a glance, each part with a link back to its step. */
export function StepConfirm({ wizard, imageUrl }: StepProps) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { draft, form, goTo } = wizard;
  const time = (value: string) => {
    const date = japanTime(value);
    return date ? t('floors.time.range', { range: formatJapanDateTime(date, locale) }) : '—';
  };
  const plan = form.categories?.flatMap((c) => c.plans).find((p) => p.id === draft.floorPlanId);
  const members = (form.employees ?? []).filter((e) => draft.memberIds.includes(e.id) && !e.invited);
  const guests = guestList(draft.guestEmails);
  const edit = (step: WizardStep) => (
    <button type="button" className="link confirm__edit" onClick={() => goTo(step)}>
      {t('floors.actions.edit')}
    </button>
  );
  const row = (label: MessageId, value: ReactNode) => (
    <>
      <dt>{t(label)}</dt>
      <dd>{value}</dd>
    </>
  );

  return (
    <div className="form-stack">
      <StepHeading title={t('floors.wizard.step.confirm')} text={t('floors.wizard.confirmIntro')} />
      <div className="confirm__hero">
        <FloorImage src={wizard.image?.url ?? imageUrl} title={draft.title} className="confirm__image" />
        <div className="confirm__hero-text">
          <p className="confirm__title">{draft.title}</p>
          <p className="confirm__catchcopy">{draft.catchcopy}</p>
        </div>
      </div>
      <section className="confirm__section">
        <div className="confirm__section-head">
          <h3>{t('floors.wizard.step.basic')}</h3>
          {edit('basic')}
        </div>
        <dl className="details">
          {row('floors.field.type', t(draft.timed ? 'floors.field.typeTimed' : 'floors.field.typePermanent'))}
          {draft.timed &&
            row('floors.field.startAt', draft.startNow ? t('floors.field.startNow') : time(draft.startAt))}
          {draft.timed && row('floors.field.endAt', time(draft.endAt))}
          {row('floors.field.privacy', t(`floors.privacy.${draft.privacy}`))}
          {row(
            'floors.field.password',
            t(draft.usePassword ? 'floors.confirm.passwordOn' : 'floors.confirm.passwordOff'),
          )}
        </dl>
      </section>
      <section className="confirm__section">
        <div className="confirm__section-head">
          <h3>{t('floors.wizard.step.detail')}</h3>
          {edit('detail')}
        </div>
        <dl className="details">
          {row('floors.field.catchphrase', draft.catchphrase.trim() || '—')}
          {row('floors.field.description', <span className="confirm__pre">{draft.description.trim() || '—'}</span>)}
        </dl>
      </section>
      <section className="confirm__section">
        <div className="confirm__section-head">
          <h3>{t('floors.wizard.step.plan')}</h3>
          {edit('plan')}
        </div>
        <p>{plan?.name ?? '—'}</p>
      </section>
      <section className="confirm__section">
        <div className="confirm__section-head">
          <h3>{t('floors.wizard.step.invite')}</h3>
          {edit('invite')}
        </div>
        {guests.length + members.length === 0 ? (
          <p className="wizard__hint">{t('floors.confirm.nobody')}</p>
        ) : (
          <ul className="confirm__people">
            {members.map((m) => (
              <li key={`m${m.id}`}>
                {m.name} <span className="badge">{t('floors.invite.tab.member')}</span>
              </li>
            ))}
            {guests.map((email) => (
              <li key={email}>
                {email} <span className="badge">{t('floors.invite.tab.guest')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
