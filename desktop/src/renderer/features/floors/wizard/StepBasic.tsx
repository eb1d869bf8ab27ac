import type { MessageId } from '@tsudoi/common';
import { FLOOR_PASSWORD_MAX } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { TextField } from '@tsudoi/ui/controls';
import { ChoiceGroup } from './ChoiceGroup';
import type { StepProps } from './step-props';

/** Step 1: title, with time or permanent, start now or later, start and end in Japan time, privacy, password. */
export function StepBasic({ wizard, errorOf }: StepProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { draft, update } = wizard;
  const canStartNow = !wizard.isEdit;

  return (
    <div className="form-stack" data-tour="floor-settings">
      <StepHeading title={t('floors.wizard.step.basic')} text={t('floors.wizard.basicIntro')} />
      <TextField
        id="floor-title"
        label={t('floors.field.title')}
        value={draft.title}
        error={errorOf('title')}
        placeholder={t('floors.field.titlePlaceholder')}
        onChange={(event) => update({ title: event.target.value })}
      />
      <ChoiceGroup
        name="floor-type"
        legend={t('floors.field.type')}
        value={draft.timed ? 'timed' : 'permanent'}
        onChange={(value) => update({ timed: value === 'timed' })}
        choices={[
          { value: 'timed', label: t('floors.field.typeTimed'), hint: t('floors.field.typeTimedHint') },
          { value: 'permanent', label: t('floors.field.typePermanent'), hint: t('floors.field.typePermanentHint') },
        ]}
      />
      {draft.timed && (
        <div className="wizard-times" data-tour="floor-datetime">
          {canStartNow && (
            <ChoiceGroup
              name="floor-start"
              legend={t('floors.field.start')}
              value={draft.startNow ? 'now' : 'later'}
              onChange={(value) => update({ startNow: value === 'now' })}
              choices={[
                { value: 'now', label: t('floors.field.startNow') },
                { value: 'later', label: t('floors.field.startLater') },
              ]}
            />
          )}
          <div className="wizard-times__row">
            {!draft.startNow && (
              <TextField
                id="floor-start-at"
                type="datetime-local"
                label={t('floors.field.startAt')}
                value={draft.startAt}
                error={errorOf('startAt')}
                onChange={(event) => update({ startAt: event.target.value })}
              />
            )}
            <TextField
              id="floor-end-at"
              type="datetime-local"
              label={t('floors.field.endAt')}
              value={draft.endAt}
              error={errorOf('endAt') ?? (draft.startNow ? errorOf('startAt') : undefined)}
              onChange={(event) => update({ endAt: event.target.value })}
            />
          </div>
          <p className="wizard__hint">{t('floors.field.japanTimeHint')}</p>
        </div>
      )}
      <ChoiceGroup
        name="floor-privacy"
        legend={t('floors.field.privacy')}
        value={draft.privacy}
        onChange={(privacy) => update({ privacy })}
        choices={[
          { value: 'private', label: t('floors.privacy.private'), hint: t('floors.privacy.privateHint') },
          { value: 'public', label: t('floors.privacy.public'), hint: t('floors.privacy.publicHint') },
        ]}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.usePassword}
          onChange={(event) => update({ usePassword: event.target.checked, password: '' })}
        />
        <span>{t('floors.field.usePassword')}</span>
      </label>
      {draft.usePassword && (
        <TextField
          id="floor-password"
          type="password"
          autoComplete="new-password"
          maxLength={FLOOR_PASSWORD_MAX + 10}
          label={t('floors.field.password')}
          placeholder={draft.hasSavedPassword ? t('floors.field.passwordKeep') : t('floors.field.passwordHint')}
          value={draft.password}
          error={errorOf('password')}
          onChange={(event) => update({ password: event.target.value })}
        />
      )}
    </div>
  );
}

export function StepHeading({ title, text }: { title: string; text: string }) {
  return (
    <div className="wizard__heading">
      <h2 className="card__title">{title}</h2>
      <p className="wizard__intro">{text}</p>
    </div>
  );
}
