import { getFormProps, getInputProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useFormAction, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import type * as z from "~/utils/zod";
import { fieldMessages } from "~/utils/auth-schemas";
import { ErrorSummary, Field, useHydrated } from "./forms";
import { Honeypot } from "./honeypot";
import { toast } from "./toaster";

// Parts of the account forms. Everything here renders a working form without JavaScript; what needs
// JavaScript (live hints, show/hide, the loading toast) appears only once the page has hydrated.

type InputType = "text" | "email" | "password";

/**
 * A field with a live hint: shown only while the field has focus, is non-empty (for names: longer than
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
        <button type="button" className="password-toggle" aria-controls={meta.id} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? "Hide" : "Show"}
          <span className="visually-hidden"> password</span>
        </button>
      ) : null}
    </Field>
  );
}

/** A new password and its confirmation (the fields `password` and `password_confirmation`), each with a show/hide toggle (sign-up and reset). */
export function NewPasswordFields({
  fields,
  hints,
  label,
}: {
  fields: { password: FieldMetadata<string | undefined>; password_confirmation: FieldMetadata<string | undefined> };
  hints: Record<string, string>;
  label: { password: string; confirmation: string };
}) {
  const { password, password_confirmation: confirmation } = fields;
  return (
    <>
      <AuthField meta={password} label={label.password} type="password" hint={hints[password.name]} autoComplete="new-password" revealable />
      <AuthField meta={confirmation} label={label.confirmation} type="password" hint={hints[confirmation.name]} autoComplete="new-password" revealable />
    </>
  );
}

/**
 * The panel of one account form (login, sign-up, forgot and reset password): its heading and lead, the form with
 * its form-wide messages and the honeypot, the fields (`children`), the submit button, and the line that leads to
 * another account page. The button is disabled only once the page has hydrated: while the form is being sent, or
 * while `ready` (the page's own check of the fields) is false.
 */
export function AuthFormPanel<Schema extends Record<string, unknown>>({
  auth,
  title,
  lead,
  submit,
  ready = true,
  elsewhere,
  replace,
  onSubmit,
  children,
}: {
  /** What useAuthForm gave the page. */
  auth: { form: FormMetadata<Schema, string[]>; refused: Record<string, string[] | null> | null | undefined; hydrated: boolean; busy: boolean };
  title: string;
  lead: ReactNode;
  submit: string;
  ready?: boolean;
  elsewhere: ReactNode;
  replace?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { form, refused, hydrated, busy } = auth;
  return (
    <section className="auth__panel card" aria-labelledby={`${form.id}-title`}>
      <h1 id={`${form.id}-title`}>{title}</h1>
      <p className="auth__lead">{lead}</p>
      <Form method="post" replace={replace} className="form" {...getFormProps(form)} onSubmit={onSubmit ?? form.onSubmit}>
        <FormErrors id={form.errorId} errors={form.errors} refused={refused} />
        <Honeypot />
        {children}
        <button type="submit" className="btn btn--primary btn--block" disabled={hydrated && (!ready || busy)}>
          {submit}
        </button>
        <p className="auth__switch">{elsewhere}</p>
      </Form>
    </section>
  );
}

/**
 * Messages about the whole form (from AUTH_TEXT, e.g. 'Invalid Entry'), announced when they appear. When the server
 * refused the form (`refused`, its answer's errors), they stand in the error summary with the fields' messages
 * instead, where the answer page opens (ErrorSummary); the empty element keeps the form's aria-describedby target.
 */
export function FormErrors({ id, errors, refused }: { id: string; errors?: string[]; refused?: Record<string, string[] | null> | null }) {
  if (refused && Object.values(refused).some((e) => e?.length)) {
    return (
      <>
        <ErrorSummary errors={refused} />
        <div id={id} />
      </>
    );
  }
  if (!errors?.length) return <div id={id} />;
  return (
    <div id={id} className="notice notice--error auth-errors" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/**
 * One account form: conform driven by the form's schema (the same one its action parses), the schema's message
 * for every field as a live hint, and a loading toast while the form is being submitted.
 */
export function useAuthForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | undefined;
  loadingMessage: string;
}) {
  const { id, schema, lastResult, loadingMessage } = options;
  const hydrated = useHydrated();
  const busy = useSubmitting();
  useLoadingToast(id, busy, loadingMessage);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultNoValidate: false,
    // Live hints show only while a field has focus, is non-empty and invalid (AuthField): leaving a field
    // must not leave its message behind, so the form's own errors appear only once it is submitted.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { form, fields, hints: fieldMessages(schema, form.value), hydrated, busy, refused: lastResult?.error };
}

/** True while this route's own form is being submitted. */
function useSubmitting(): boolean {
  const navigation = useNavigation();
  const action = useFormAction();
  return navigation.state === "submitting" && navigation.formAction === action;
}

/** A loading toast while the submission is in flight (toasts), gone when the answer arrives. */
function useLoadingToast(id: string, busy: boolean, message: string) {
  useEffect(() => {
    if (busy) toast.loading(message, { id });
    else toast.dismiss(id);
  }, [id, busy, message]);
}
