import { useEffect, useState, type FormEvent } from "react";

// A form whose live validation (conform with the route's zod schema, about 40 KB gzip) loads on first use instead
// of with the page, to keep the first view light. Until it has loaded, the page shows the action's errors itself and the
// server validates every submit, as it does without JavaScript; then conform runs as usual (validates on blur and
// input, stops an invalid submit, focuses the first error) and this module renders what it reports. It must stay
// free of conform and zod: importing them here, even unused, would put their chunks back into the first view.

/** Errors by field name ("" for the form), as conform's `lastResult.error` and `form.allErrors` hold them. */
export type FormErrors = Record<string, string[] | null | undefined>;

/** What the loaded validation hands the page (app/components/conform-live.tsx). */
export interface LiveForm {
  errors: FormErrors;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** HTML constraints by field name, as conform's `getZodConstraint` computes them (on the server). */
export type Constraints = Record<
  string,
  {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    min?: number | string;
    max?: number | string;
    step?: number | string;
    pattern?: string;
    multiple?: boolean;
  }
>;

/**
 * Loads `load()` when someone first focuses or changes a control of the form `formId` (controls outside the <form>
 * element count through their `form` attribute). Null until then; a failed load (offline) is tried again on the
 * next interaction (browsers fetch a failed dynamic import anew).
 */
export function useLoadOnFirstUse<T>(formId: string, load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    let live = true;
    const events = ["focusin", "input"] as const;
    const listen = () => events.forEach((type) => document.addEventListener(type, start));
    const stop = () => events.forEach((type) => document.removeEventListener(type, start));
    function start(event: Event) {
      const control = event.target as { form?: HTMLFormElement | null } | null;
      if (control?.form?.id !== formId) return;
      stop();
      load().then(
        (value) => live && setLoaded({ value }),
        () => live && listen(),
      );
    }
    listen();
    return () => {
      live = false;
      stop();
    };
    // Only the first render's `load` is used: a new function each render must not start over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId]);
  return loaded?.value ?? null;
}

/** Ids as conform makes them: the form's id, `form-name` for a field, and `-error` after it for its error list. */
export function fieldIds(formId: string, name = "") {
  const id = name ? `${formId}-${name}` : formId;
  return { id, errorId: `${id}-error` };
}

/** The attributes conform's `getFormProps` gives the form (its `onSubmit` comes with the live validation). */
export function formProps(formId: string, errors: FormErrors | undefined, live: LiveForm | null) {
  return {
    id: formId,
    onSubmit: live?.onSubmit,
    // The browser's own checks (required, pattern...) work until conform takes over.
    noValidate: live !== null,
    "aria-describedby": errors?.[""] ? fieldIds(formId).errorId : undefined,
  };
}

/** The attributes conform's `getInputProps` gives a control: id, name, form, the schema's constraints, ARIA. */
export function controlProps(formId: string, name: string, type: string, constraints: Constraints, errors: FormErrors | undefined) {
  const { required, ...constraint } = constraints[name] ?? {};
  const invalid = errors?.[name] != null;
  const { id, errorId } = fieldIds(formId, name);
  return {
    id,
    name,
    form: formId,
    type,
    required: required || undefined,
    ...constraint,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? errorId : undefined,
  };
}
