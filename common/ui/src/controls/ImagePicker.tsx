import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { IMAGE_MAX_BYTES } from '@tsudoi/common';
import { Avatar } from './Avatar';
import { Button } from './Button';
import { checkImageFile, formatBytes, IMAGE_ACCEPT } from './image-file';
import './image-picker.css';

export interface ImagePickerProps {
  /** Names the picture for the initials and for the button's accessible name. */
  name: string;
  imageUrl: string | null;
  color: string;
  square?: boolean;
  buttonLabel: string;
  /** The server's refusal of the last upload (already translated). */
  serverError: string | null;
  busy: boolean;
  onPick(file: File): void;
}

/**
 * A picture with a "change" button (spec §5: JPG, PNG or GIF up to 3 MB).
 * A wrong type or size is refused here; the server's own refusal is shown the same way.
 */
export function ImagePicker({
  name,
  imageUrl,
  color,
  square,
  buttonLabel,
  serverError,
  busy,
  onPick,
}: ImagePickerProps) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const hintId = useId();
  const error = clientError ?? serverError;
  const size = formatBytes(IMAGE_MAX_BYTES);

  function picked(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem === 'unsupported') setClientError(intl.formatMessage({ id: 'errors.UNSUPPORTED_IMAGE_FORMAT' }));
    else if (problem === 'tooLarge') setClientError(intl.formatMessage({ id: 'errors.FILE_TOO_LARGE' }, { size }));
    else {
      setClientError(null);
      onPick(file);
    }
  }

  return (
    <div className="image-picker">
      <Avatar name={name} imageUrl={imageUrl} color={color} square={square} size={88} />
      <div className="image-picker__side">
        <Button
          variant="secondary"
          busy={busy}
          aria-describedby={hintId}
          onClick={() => busy || input.current?.click()}
        >
          {buttonLabel}
        </Button>
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          accept={IMAGE_ACCEPT}
          tabIndex={-1}
          aria-label={buttonLabel}
          onChange={(event) => {
            picked(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <p id={hintId} className="image-picker__hint">
          {intl.formatMessage({ id: 'common.image.hint' }, { size })}
        </p>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
