import { useState } from 'react';
import { useIntl } from 'react-intl';
import { EyeIcon, EyeOffIcon, TextField, type TextFieldProps } from '@tsudoi/ui/controls';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment'>;

/** A password input with a show/hide toggle. */
export function PasswordField({ id, ...rest }: PasswordFieldProps) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...rest}
      id={id}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="field__adornment"
          aria-label={intl.formatMessage({ id: 'auth.login.showPassword' })}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
