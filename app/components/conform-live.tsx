import { useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import type { Constraints, LiveForm } from "./live-form";

/**
 * Conform's form state for an existing form, loaded on first use (see ./live-form.ts): validates with `validate`
 * as fields are left and changed and before a submit, and hands the page the errors to show and the submit
 * handler. Renders nothing: the page renders the form.
 */
export function ConformLive({
  formId,
  lastResult,
  constraint,
  validate,
  onChange,
}: {
  formId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Constraints;
  validate: (formData: FormData) => Submission<unknown, string[], unknown>;
  onChange: (live: LiveForm) => void;
}) {
  const [form] = useForm({
    id: formId,
    lastResult,
    constraint,
    onValidate: ({ formData }) => validate(formData),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const errors = form.allErrors;
  const onSubmit = form.onSubmit;
  useEffect(() => onChange({ errors, onSubmit }), [errors, onSubmit, onChange]);
  return null;
}
