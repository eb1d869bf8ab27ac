import type { TextareaHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { remaining } from '../draft';
import './text-area.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> {
  id: string;
  label: string;
  value: string;
  max: number;
  error?: string;
  optional?: boolean;
}

/** A text area with the remaining-character counter of spec §5 (red once over the limit). */
export function TextAreaField({ id, label, value, max, error, optional, ...rest }: TextAreaFieldProps) {
  const intl = useIntl();
  const left = remaining(value, max);
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
          {optional && <span className="field__optional">{intl.formatMessage({ id: 'floors.wizard.optional' })}</span>}
        </label>
        <span id={counterId} className={`field__counter${left < 0 ? ' field__counter--over' : ''}`}>
          {intl.formatMessage({ id: 'floors.wizard.remaining' }, { count: left })}
        </span>
      </div>
      <div className={`field__control field__control--area${error ? ' field__control--invalid' : ''}`}>
        <textarea
          {...rest}
          id={id}
          className="field__textarea"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={[counterId, error ? errorId : ''].filter(Boolean).join(' ')}
        />
      </div>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
