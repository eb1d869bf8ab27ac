import { floorPlanOf, ROOMS, type MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../app/hooks';
import { selectLocale } from '@tsudoi/ui/i18n';
import { FloorMap, type MapRoom } from '../components/FloorMap';
import { StepHeading } from './StepBasic';
import type { StepProps } from './step-props';

/** Step 3: the floor plan, from GET /floor-plan-category, each with its summary and a drawing of its rooms. */
export function StepPlan({ wizard, errorOf }: StepProps) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { draft, update, form } = wizard;
  const error = errorOf('floorPlanId');
  const rooms: MapRoom[] = ROOMS.map((room) => ({
    id: room.number,
    number: room.number,
    key: room.key,
    name: room.name[locale],
    areaType: room.areaType,
    locked: false,
    seat: room.seat,
  }));

  return (
    <div className="form-stack" data-tour="floor-plan">
      <StepHeading title={t('floors.wizard.step.plan')} text={t('floors.wizard.planIntro')} />
      {form.categories === null ? (
        <p className="wizard__loading" role="status">
          <span className="button__spinner" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : (
        form.categories.map((category) => (
          <fieldset key={category.id} className="plan-category">
            <legend className="field__label">{category.name}</legend>
            {category.plans.map((plan) => (
              <label key={plan.id} className="plan-card" data-checked={draft.floorPlanId === plan.id}>
                <input
                  type="radio"
                  name="floor-plan"
                  value={plan.id}
                  checked={draft.floorPlanId === plan.id}
                  aria-invalid={error ? true : undefined}
                  onChange={() => update({ floorPlanId: plan.id })}
                />
                <span className="plan-card__text">
                  <span className="choice__label">{plan.name}</span>
                  <span className="choice__hint">{floorPlanOf(plan.id).summary[locale]}</span>
                  <span className="choice__hint">{t('floors.wizard.planRooms', { count: plan.rooms })}</span>
                </span>
                <FloorMap rooms={rooms} compact plan={floorPlanOf(plan.id)} label={plan.name} />
              </label>
            ))}
          </fieldset>
        ))
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
