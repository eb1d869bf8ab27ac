export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

/** Radio buttons drawn as selectable cards, in a fieldset with a legend. */
export function ChoiceGroup<T extends string>(props: {
  name: string;
  legend: string;
  choices: Choice<T>[];
  value: T;
  onChange(value: T): void;
}) {
  const { name, legend, choices, value, onChange } = props;
  return (
    <fieldset className="choice-group">
      <legend className="field__label">{legend}</legend>
      <div className="choice-group__options">
        {choices.map((choice) => (
          <label key={choice.value} className="choice" data-checked={choice.value === value}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            <span className="choice__text">
              <span className="choice__label">{choice.label}</span>
              {choice.hint && <span className="choice__hint">{choice.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
