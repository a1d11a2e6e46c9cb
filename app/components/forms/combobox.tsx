import { useEffect, useId, useRef, useState } from "react";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

export interface ComboboxOption {
  key: string;
  label: string;
  /** A short word shown beside the label, e.g. what kind of thing it is. */
  hint?: string;
  /** A second line under the label (a temple's other name). */
  detail?: string;
  /** A small badge after the label (a verified temple's "Verified"). */
  badge?: string;
}

interface ComboboxProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "onSelect" | "defaultValue" | "value"> {
  label: string;
  hideLabel?: boolean;
  name: string;
  defaultValue?: string;
  /** Options for the typed text; answers for text that has since changed are dropped. */
  load: (text: string, signal: AbortSignal) => Promise<ComboboxOption[]>;
  minChars?: number;
  /** Clicking the input clears its text and opens the list (the priests filters). */
  clearOnClick?: boolean;
  onChoose?: (option: ComboboxOption) => void;
  onTextChange?: (text: string) => void;
}

const DEBOUNCE_MS = 150;

/**
 * An editable combobox with a list of suggestions (WAI-ARIA APG pattern): arrows move
 * through the list, Enter picks the highlighted option (otherwise the form submits),
 * Escape closes the list and then clears the text. Without JavaScript it is a text box.
 */
export function Combobox(props: ComboboxProps) {
  const { label, hideLabel, name, defaultValue = "", load, minChars = 2, clearOnClick, onChoose, onTextChange, id, ...inputProps } = props;
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listId = `${inputId}-list`;
  const [value, setValue] = useState(defaultValue);
  const [options, setOptions] = useState<ComboboxOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const request = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({});
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => setValue(defaultValue), [defaultValue]);
  useEffect(() => () => cancel(), []);
  useEffect(() => {
    if (active >= 0) listRef.current?.children[active]?.scrollIntoView({ block: "nearest" });
  }, [active]);

  function cancel() {
    clearTimeout(request.current.timer);
    request.current.controller?.abort();
  }

  function fetchOptions(text: string, delay: number) {
    cancel();
    if (text.trim().length < minChars && !(clearOnClick && text === "")) {
      setOptions([]);
      setOpen(false);
      setStatus("");
      return;
    }
    const controller = new AbortController();
    request.current = {
      controller,
      timer: setTimeout(() => {
        load(text, controller.signal)
          .then((found) => {
            if (controller.signal.aborted) return;
            setOptions(found);
            setActive(-1);
            setOpen(found.length > 0);
            setStatus(
              found.length
                ? plural(found.length, m.temples_suggestions_count_one, m.temples_suggestions_count_other)({ count: found.length })
                : m.temples_suggestions_none(),
            );
          })
          .catch(() => {
            if (!controller.signal.aborted) setStatus(m.temples_suggestions_failed());
          });
      }, delay),
    };
  }

  function changeText(text: string) {
    setValue(text);
    onTextChange?.(text);
  }

  function choose(option: ComboboxOption) {
    cancel();
    changeText(option.label);
    setOpen(false);
    setActive(-1);
    setStatus(m.temples_suggestion_chosen({ label: option.label }));
    onChoose?.(option);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (event.altKey && event.key === "ArrowUp") return setOpen(false);
      if (!open) {
        if (count) setOpen(true);
        else fetchOptions(value, 0);
        return;
      }
      if (!count) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        if (step === 1) return current + 1 >= count ? 0 : current + 1;
        return current <= 0 ? count - 1 : current - 1;
      });
    } else if (event.key === "Enter") {
      if (open && active >= 0 && options[active]) {
        event.preventDefault();
        choose(options[active]);
      } else {
        setOpen(false);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        event.preventDefault();
        changeText("");
      }
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  }

  const expanded = open && options.length > 0;
  return (
    <div className="combobox">
      <label htmlFor={inputId} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      <input
        {...inputProps}
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          changeText(event.target.value);
          fetchOptions(event.target.value, DEBOUNCE_MS);
        }}
        onClick={() => {
          if (!clearOnClick) return;
          changeText("");
          fetchOptions("", 0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <ul ref={listRef} id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="combobox__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            <span className="combobox__text">
              <span className="combobox__label">{option.label}</span>
              {option.badge ? <span className="badge badge--verified combobox__badge">{option.badge}</span> : null}
              {option.detail ? <span className="combobox__detail">{option.detail}</span> : null}
            </span>
            {option.hint ? <span className="combobox__hint">{option.hint}</span> : null}
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status">
        {status}
      </span>
    </div>
  );
}
