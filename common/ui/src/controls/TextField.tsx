import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import './controls.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** A translated validation message; marks the input invalid and is announced. */
  error?: string;
  /** Content at the end of the label row (e.g. a "forgot password" link). */
  labelAside?: ReactNode;
  /** Content inside the input box, after the input (e.g. a show-password toggle). */
  endAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ id, label, error, labelAside, endAdornment, className, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className={`field__control${error ? ' field__control--invalid' : ''}`}>
        <input
          {...input}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {endAdornment}
      </div>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
