import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from "react";

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
