import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useFormAction, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { Field, useHydrated } from "./forms";
import { toast } from "./toaster";

// Parts of the account forms (spec §4, §5). Everything here renders a working form without JavaScript; what needs
// JavaScript (live hints, show/hide, the loading toast) appears only once the page has hydrated.

type InputType = "text" | "email" | "password";

/**
 * A field with the spec's live hint: shown only while the field has focus, is non-empty (for names: longer than
 * `hintFrom - 1` characters) and is invalid. Away from the field, the field's errors show instead (after a blur
 * or from the server), so a message is never shown twice.
 */
export function AuthField({
  meta,
  label,
  type = "text",
  hint,
  hintFrom = 1,
  autoComplete,
  revealable = false,
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  type?: InputType;
  /** What the schema says about the current value (null when valid). */
  hint: string | null | undefined;
  hintFrom?: number;
  autoComplete: string;
  /** A show/hide toggle (password fields). */
  revealable?: boolean;
}) {
  const hydrated = useHydrated();
  const [focused, setFocused] = useState(false);
  const [shown, setShown] = useState(false);
  const { key, ...inputProps } = getInputProps(meta, { type });
  const value = typeof meta.value === "string" ? meta.value : "";
  const liveHint = focused && value.length >= hintFrom && hint ? hint : undefined;
  return (
    <Field
      key={key}
      label={label}
      inputProps={{
        ...inputProps,
        type: revealable && shown ? "text" : type,
        autoComplete,
        onFocus: () => setFocused(true),
        onBlur: () => setFocused(false),
      }}
      hint={liveHint}
      errors={focused ? undefined : meta.errors}
    >
      {revealable && hydrated ? (
        <button
          type="button"
          className="password-toggle"
          aria-controls={meta.id}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? "Hide" : "Show"}
          <span className="visually-hidden"> password</span>
        </button>
      ) : null}
    </Field>
  );
}

/** Messages about the whole form (the spec's catalogue), announced when they appear. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <div id={id} className="notice notice--error auth-errors" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** True while this route's own form is being submitted. */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  const action = useFormAction();
  return navigation.state === "submitting" && navigation.formAction === action;
}

/** A loading toast while the submission is in flight (spec §4 toasts), gone when the answer arrives. */
export function useLoadingToast(id: string, busy: boolean, message: string) {
  useEffect(() => {
    if (busy) toast.loading(message, { id });
    else toast.dismiss(id);
  }, [id, busy, message]);
}
