import { useIntl } from 'react-intl';
import { WIZARD_STEPS, type WizardStep } from '../draft';

/** The steps as a numbered list; a step can be opened directly (the ones before it are checked first). */
export function WizardStepper({ current, onSelect }: { current: WizardStep; onSelect(step: WizardStep): void }) {
  const intl = useIntl();
  const index = WIZARD_STEPS.indexOf(current);
  return (
    <ol className="wizard-stepper" aria-label={intl.formatMessage({ id: 'floors.wizard.steps' })}>
      {WIZARD_STEPS.map((step, i) => (
        <li
          key={step}
          className="wizard-stepper__item"
          data-tour-step={step}
          data-state={i < index ? 'done' : i === index ? 'current' : 'todo'}
        >
          <button
            type="button"
            className="wizard-stepper__button"
            aria-current={i === index ? 'step' : undefined}
            onClick={() => onSelect(step)}
          >
            <span className="wizard-stepper__number" aria-hidden="true">
              {i < index ? '✓' : i + 1}
            </span>
            <span className="wizard-stepper__label">{intl.formatMessage({ id: `floors.wizard.step.${step}` })}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
