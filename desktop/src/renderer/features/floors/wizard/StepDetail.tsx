import {
  FLOOR_CATCHCOPY_MAX,
  FLOOR_CATCHPHRASE_MAX,
  FLOOR_DESCRIPTION_MAX,
  FLOOR_IMAGE_MAX_BYTES,
  FLOOR_IMAGE_RECOMMENDED,
  type MessageId,
} from '@tsudoi/common';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, formatBytes } from '@tsudoi/ui/controls';
import { FloorImage } from '../components/FloorImage';
import { checkFloorImage, FLOOR_IMAGE_ACCEPT } from '../floor-image';
import { StepHeading } from './StepBasic';
import { TextAreaField } from './TextAreaField';
import type { StepProps } from './step-props';

/** Step 2: the floor details (catchcopy, required), catchphrase, description, and the floor image. */
export function StepDetail({ wizard, errorOf, imageUrl }: StepProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { draft, update } = wizard;
  return (
    <div className="form-stack">
      <StepHeading title={t('floors.wizard.step.detail')} text={t('floors.wizard.detailIntro')} />
      <TextAreaField
        id="floor-catchcopy"
        label={t('floors.field.catchcopy')}
        rows={2}
        max={FLOOR_CATCHCOPY_MAX}
        value={draft.catchcopy}
        error={errorOf('catchcopy')}
        onChange={(event) => update({ catchcopy: event.target.value })}
      />
      <TextAreaField
        id="floor-catchphrase"
        label={t('floors.field.catchphrase')}
        optional
        rows={2}
        max={FLOOR_CATCHPHRASE_MAX}
        value={draft.catchphrase}
        error={errorOf('catchphrase')}
        onChange={(event) => update({ catchphrase: event.target.value })}
      />
      <TextAreaField
        id="floor-description"
        label={t('floors.field.description')}
        optional
        rows={6}
        max={FLOOR_DESCRIPTION_MAX}
        value={draft.description}
        error={errorOf('description')}
        onChange={(event) => update({ description: event.target.value })}
      />
      <FloorImageInput image={wizard.image} savedUrl={imageUrl} title={draft.title} onPick={wizard.pickImage} />
    </div>
  );
}

/** The floor image: a preview, a choose button, and the JPG/PNG ≤ 1 MB check (spec §5). */
function FloorImageInput(props: {
  image: { file: File; url: string } | null;
  savedUrl: string | null;
  title: string;
  onPick(file: File): void;
}) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const size = formatBytes(FLOOR_IMAGE_MAX_BYTES);
  const label = intl.formatMessage({ id: 'floors.field.image' });

  function picked(file: File | undefined) {
    if (!file) return;
    const problem = checkFloorImage(file);
    if (problem === 'unsupported') setError(intl.formatMessage({ id: 'errors.UNSUPPORTED_FLOOR_IMAGE_FORMAT' }));
    else if (problem === 'tooLarge') setError(intl.formatMessage({ id: 'errors.FILE_TOO_LARGE' }, { size }));
    else {
      setError(null);
      props.onPick(file);
    }
  }

  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <div className="wizard-image">
        <FloorImage src={props.image?.url ?? props.savedUrl} title={props.title} className="wizard-image__preview" />
        <div className="wizard-image__side">
          <Button variant="secondary" onClick={() => input.current?.click()}>
            {intl.formatMessage({
              id: props.image || props.savedUrl ? 'floors.field.imageChange' : 'floors.field.imagePick',
            })}
          </Button>
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            accept={FLOOR_IMAGE_ACCEPT}
            tabIndex={-1}
            aria-label={label}
            onChange={(event) => {
              picked(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <p className="wizard__hint">
            {intl.formatMessage({ id: 'floors.field.imageHint' }, { size, ...FLOOR_IMAGE_RECOMMENDED })}
          </p>
          {props.image && <p className="wizard-image__name">{props.image.file.name}</p>}
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
