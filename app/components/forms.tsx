import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";

// Form parts shared by every form. Error and hint texts are linked to their input with aria-describedby, and
// errors are rendered by the server too, so a form works the same with JavaScript off.

/** True once React has hydrated: use it for behaviour that needs JavaScript (never to hide what works without). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  if (list.length === 0) return null;
  return (
    <div id={id} className="field__errors">
      {list.map((e) => (
        <p key={e} className="field__error">
          {e}
        </p>
      ))}
    </div>
  );
}

export function Field({
  label,
  inputProps,
  errors,
  hint,
  children,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: string[] | null;
  hint?: ReactNode;
  /** Extra controls after the input (e.g. a show/hide password toggle). */
  children?: ReactNode;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className={inputProps.className ?? "input"}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      />
      {children}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** Where a refused form's summary is: a form's action URL ends with `#error-summary`, so without JavaScript the
 * answer page opens there, in view on a phone, instead of at the top with the message below the fold. */
export const ERROR_SUMMARY_ID = "error-summary";

/**
 * The messages of a refused submission, in one place at the top of the form. With JavaScript, focus moves to it
 * when a new answer arrives (screen readers read it, and the page scrolls to it).
 */
export function ErrorSummary({ errors }: { errors?: Record<string, string[] | null | undefined> | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const list = [...new Set(Object.values(errors ?? {}).flatMap((e) => e ?? []).filter(Boolean))];
  useEffect(() => {
    if (errors && list.length > 0) ref.current?.focus();
    // A new answer is a new errors object: focus moves once per answer, never while typing.
  }, [errors]); // eslint-disable-line react-hooks/exhaustive-deps
  if (list.length === 0) return null;
  return (
    <div id={ERROR_SUMMARY_ID} ref={ref} tabIndex={-1} role="alert" className="error-summary">
      <p className="error-summary__title">Please check:</p>
      <ul>
        {list.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

/** This page's URL with the error summary as its fragment: the action of a form that uses ErrorSummary. */
export function actionToSummary(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}#${ERROR_SUMMARY_ID}`;
}
