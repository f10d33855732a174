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

/**
 * The messages of a refused submission, in one place at the top of the form, where the person is looking: the
 * answer page focuses it (and so scrolls it into view on a phone) through the HTML `autofocus` attribute, with or
 * without JavaScript. A fragment in the form's action would do the same without JavaScript, but the browser keeps
 * it through the redirect after a good save. With JavaScript, focus also moves to it when a new answer arrives.
 */
export function ErrorSummary({ errors }: { errors?: Record<string, string[] | null | undefined> | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const list = [
    ...new Set(
      Object.values(errors ?? {})
        .flatMap((e) => e ?? [])
        .filter(Boolean),
    ),
  ];
  useEffect(() => {
    if (errors && list.length > 0) ref.current?.focus();
    // A new answer is a new errors object: focus moves once per answer, never while typing.
  }, [errors]); // eslint-disable-line react-hooks/exhaustive-deps
  if (list.length === 0) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the summary of a refused form takes the focus, as the comment above says
    <div id="error-summary" ref={ref} tabIndex={-1} autoFocus role="alert" className="error-summary">
      <p className="error-summary__title">Please check:</p>
      <ul>
        {list.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A form's own messages (not a field's) where its error summary would stand: the summary, with every message of
 * the answer, when the server refused the form (`refused`, the answer's errors); otherwise the form's messages as
 * the browser found them. The element with `id` stays for the form's aria-describedby.
 */
export function FormMessages({ id, errors, refused }: { id: string; errors?: string[] | null; refused?: Record<string, string[] | null | undefined> | null }) {
  if (refused && Object.values(refused).some((e) => e?.length)) {
    return (
      <>
        <ErrorSummary errors={refused} />
        <div id={id} />
      </>
    );
  }
  return <ErrorList id={id} errors={errors} />;
}
