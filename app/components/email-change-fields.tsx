import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { formatDate, formatTime } from "~/utils/time";
import { ErrorList, Field } from "./forms";

// The part of a profile form that changes the e-mail (docs/decisions/012-email-change.md): the current password
// and the choice to sign out other devices. Shown always, so it works without JavaScript; used only when the
// e-mail field holds a new address. Its fields are emailChangeFields (app/utils/validation.ts); the action's side
// is app/http/email-change-step.server.ts.

export function EmailChangeFields({
  fields,
  pending,
}: {
  fields: { current_password: FieldMetadata<string | undefined>; sign_out_others: FieldMetadata<boolean | undefined> };
  pending: { newEmail: string; expiresAt: string } | null;
}) {
  const { current_password: password, sign_out_others: signOut } = fields;
  return (
    <fieldset className="field email-change">
      <legend className="field__label">Changing your e-mail?</legend>
      <p className="field__hint">Enter your current password too. We e-mail a link to the new address, and your e-mail changes when you open it.</p>
      {pending ? (
        <p className="email-change__pending" role="status">
          Waiting for you to open the link sent to <strong>{pending.newEmail}</strong> (it works until {formatDate(pending.expiresAt)},{" "}
          {formatTime(pending.expiresAt)}).
        </p>
      ) : null}
      <Field
        label="Current password"
        inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "current-password" }}
        errors={password.errors}
      />
      <label className="choice-card email-change__signout">
        <input {...getInputProps(signOut, { type: "checkbox" })} />
        <span>Sign out my other devices when the new e-mail is confirmed</span>
      </label>
      <ErrorList id={signOut.errorId} errors={signOut.errors} />
    </fieldset>
  );
}
