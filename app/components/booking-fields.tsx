/** Labelled controls for the booking forms, wired to Conform fields and their errors. */
import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { useSyncExternalStore } from "react";
import { useNavigation } from "react-router";

type Meta = FieldMetadata<unknown>;
type Option = { value: string | number; label: string };

export function BookingErrors({ meta }: { meta: Pick<Meta, "errorId" | "errors"> }) {
  return (
    <div id={meta.errorId} className="booking-field__errors" aria-live="polite">
      {meta.errors?.[0] ? <p className="field-error">{meta.errors[0]}</p> : null}
    </div>
  );
}

interface InputProps {
  label: string;
  meta: Meta;
  type?: "text" | "date" | "number";
  hint?: string;
  className?: string;
  inputProps?: Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "defaultValue">;
}

export function BookingInput({ label, meta, type = "text", hint, className, inputProps }: InputProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta as FieldMetadata<string>, { type, ariaDescribedBy: hintId });
  return (
    <div className={className ? `booking-field ${className}` : "booking-field"}>
      <label htmlFor={meta.id}>{label}</label>
      <input {...props} key={props.key} {...inputProps} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <BookingErrors meta={meta} />
    </div>
  );
}

interface SelectProps {
  label: string;
  meta: Meta;
  options: readonly Option[];
  placeholder?: string;
  className?: string;
  onChange?: (value: string) => void;
}

export function BookingSelect({ label, meta, options, placeholder, className, onChange }: SelectProps) {
  const props = getSelectProps(meta as FieldMetadata<string>);
  return (
    <div className={className ? `booking-field ${className}` : "booking-field"}>
      <label htmlFor={meta.id}>{label}</label>
      <select {...props} key={props.key} onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <BookingErrors meta={meta} />
    </div>
  );
}

export function starOptions(stars: readonly { id: number; name: string }[]): Option[] {
  return stars.map((star) => ({ value: star.id, label: star.name }));
}

const subscribe = () => () => {};

/** False in the server render and during hydration: show everything a no-JS visitor needs. */
export function useScripted() {
  return useSyncExternalStore(subscribe, () => true, () => false);
}

/** True while a form posting `form=<name>` is being submitted. */
export function useFormBusy(name: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formData?.get("form") === name;
}
