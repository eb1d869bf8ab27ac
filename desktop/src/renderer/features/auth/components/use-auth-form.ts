import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { firstInvalid, type ValidationError } from '@tsudoi/ui/session';

type Errors<T> = Partial<Record<keyof T & string, ValidationError>>;

export interface AuthFormOptions<T> {
  initial: T;
  validate(values: T): Errors<T>;
  /** Fields in form order: focus goes to the first invalid one. */
  order: readonly (keyof T & string)[];
  /** Field labels, for "{attribute} is required". */
  labels: Record<keyof T & string, string>;
  /** Field messages of the last failed call; a field's message goes once the field is edited. */
  serverFields?: Record<string, string>;
}

/**
 * Form state shared by the sign-up and password screens: messages appear
 * after the first submit and then follow every keystroke (like sign-in).
 */
export function useAuthForm<T extends object>({ initial, validate, order, labels, serverFields }: AuthFormOptions<T>) {
  const intl = useIntl();
  const [values, setValues] = useState<T>(initial);
  const [attempted, setAttempted] = useState(false);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const inputs = useRef(new Map<string, HTMLInputElement | null>());
  const errors: Errors<T> = attempted ? validate(values) : {};

  function set<K extends keyof T & string>(field: K, value: T[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => new Set(current).add(field));
  }

  function errorOf(field: keyof T & string): string | undefined {
    const id = errors[field];
    if (id) return intl.formatMessage({ id }, { attribute: labels[field] });
    return edited.has(field) ? undefined : serverFields?.[field];
  }

  /** Validates, focuses the first invalid field, or hands the values on. */
  function handleSubmit(onValid: (values: T) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setAttempted(true);
      const invalid = firstInvalid(order, validate(values));
      if (invalid) return inputs.current.get(invalid)?.focus();
      setEdited(new Set());
      onValid(values);
    };
  }

  /** Ref callback of a field's input, so a failed submit can focus it. */
  const register = (field: keyof T & string) => (element: HTMLInputElement | null) => {
    inputs.current.set(field, element);
  };

  return { values, set, errorOf, handleSubmit, register };
}
