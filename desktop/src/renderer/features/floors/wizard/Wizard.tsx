import type { MessageId } from '@tsudoi/common';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '@tsudoi/ui/controls';
import { HelpIcon } from '../components/live-icons';
import { TutorialOverlay } from '../tutorial/TutorialOverlay';
import { useTutorial } from '../tutorial/use-tutorial';
import { WIZARD_STEPS, type DraftField } from '../draft';
import { StepBasic } from './StepBasic';
import { StepConfirm } from './StepConfirm';
import { StepDetail } from './StepDetail';
import { StepInvite } from './StepInvite';
import { StepPlan } from './StepPlan';
import { useWizard, type WizardSource } from './use-wizard';
import { WizardStepper } from './WizardStepper';
import type { StepProps } from './step-props';
import './wizard.css';
import './wizard-steps.css';

/** Props every step gets: the wizard state and the text of a field's error (the client's, else the server's). */

const SUBMIT: Record<WizardSource['mode'], MessageId> = {
  create: 'floors.wizard.submitCreate',
  edit: 'floors.wizard.submitEdit',
  duplicate: 'floors.wizard.submitDuplicate',
};

/** The five steps of spec §2 with back and next; the last one sends everything. */
export function Wizard(source: WizardSource) {
  const intl = useIntl();
  const navigate = useNavigate();
  const wizard = useWizard(source);
  const { step, errors, form, goTo } = wizard;
  const index = WIZARD_STEPS.indexOf(step);
  const tutorial = useTutorial(source.mode === 'create');

  useEffect(() => {
    if (wizard.saved !== null) navigate(`/floors/${wizard.saved}`, { replace: true });
  }, [wizard.saved, navigate]);

  // A new step starts at the top of the page (not on the first render).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
  }, [step]);

  const errorOf = (field: DraftField) => {
    const problem = errors[field];
    return problem ? intl.formatMessage({ id: problem.id }, problem.values) : form.fields[field];
  };
  const props: StepProps = { wizard, errorOf, imageUrl: source.floor?.imageUrl ?? null };

  return (
    <div className="wizard">
      <button type="button" className="wizard__guide" onClick={() => tutorial.act('reopen')}>
        <HelpIcon size={16} />
        {intl.formatMessage({ id: 'floors.tutorial.open' })}
      </button>
      <WizardStepper current={step} onSelect={goTo} />
      <form
        className="card wizard__card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'confirm') wizard.submit();
          else goTo(WIZARD_STEPS[index + 1]!);
        }}
      >
        {step === 'basic' && <StepBasic {...props} />}
        {step === 'detail' && <StepDetail {...props} />}
        {step === 'plan' && <StepPlan {...props} />}
        {step === 'invite' && <StepInvite {...props} />}
        {step === 'confirm' && <StepConfirm {...props} />}
        <div className="wizard__footer">
          {index > 0 ? (
            <Button variant="secondary" onClick={() => goTo(WIZARD_STEPS[index - 1]!)}>
              {intl.formatMessage({ id: 'floors.wizard.back' })}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" busy={form.saving}>
            {intl.formatMessage({ id: step === 'confirm' ? SUBMIT[source.mode] : 'floors.wizard.next' })}
          </Button>
        </div>
      </form>
      <TutorialOverlay state={tutorial.state} act={tutorial.act} />
    </div>
  );
}
