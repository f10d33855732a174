import { getSelectProps, useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type * as z from "~/utils/zod";
import { ErrorList } from "./forms";

const constraints = new WeakMap<z.ZodType, ReturnType<typeof getZodConstraint>>();

/**
 * conform's HTML constraints (required, pattern, min…) of a schema, worked out once per schema: they depend on the
 * schema alone, and walking it was about 1% of a signed-in page's CPU when done on every render.
 */
export function schemaConstraint(schema: z.ZodType): ReturnType<typeof getZodConstraint> {
  let constraint = constraints.get(schema);
  if (!constraint) constraints.set(schema, (constraint = getZodConstraint(schema)));
  return constraint;
}

/**
 * conform's useForm with the house settings: the action's zod schema also checks in the
 * browser (first on blur, then as the person types), and the browser's own required/pattern checks work before
 * hydration.
 */
export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<z.input<S>>; shouldValidate?: "onBlur" | "onSubmit" },
) {
  return useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: schemaConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
  });
}

/** A labelled select with a first empty choice; `hideLabel` keeps the label for screen readers only. */
export function SelectField({
  field,
  label,
  placeholder,
  options,
  hideLabel = false,
  showErrors = true,
}: {
  field: FieldMetadata<string | number | undefined>;
  label: string;
  placeholder: string;
  /** [value, text] pairs */
  options: string[][];
  hideLabel?: boolean;
  showErrors?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id} className={hideLabel ? "visually-hidden" : "field__label"}>
        {label}
      </label>
      <select {...getSelectProps(field)} className="input">
        <option value="">{placeholder}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {showErrors ? <ErrorList id={field.errorId} errors={field.errors} /> : null}
    </div>
  );
}
