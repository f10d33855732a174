import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { formatDate, formatTime } from "~/utils/time";
import { ErrorList, Field } from "./forms";
import type { RequestOutcome } from "~/models/accounts/email-change.server";

// The part of a profile form that changes the e-mail (docs/decisions/012-email-change.md): the current password
// and the choice to sign out other devices. Shown always, so it works without JavaScript; used only when the
// e-mail field holds a new address.

export function EmailChangeFields({
  password,
  signOut,
  pending,
}: {
  password: FieldMetadata<string | undefined>;
  signOut: FieldMetadata<boolean | undefined>;
  pending: { newEmail: string; expiresAt: string } | null;
}) {
  return (
    <fieldset className="field email-change">
      <legend className="field__label">Changing your e-mail?</legend>
      <p className="field__hint">
        Enter your current password too. We e-mail a link to the new address, and your e-mail changes when you open it.
      </p>
      {pending ? (
        <p className="email-change__pending" role="status">
          Waiting for you to open the link sent to <strong>{pending.newEmail}</strong> (it works until {formatDate(pending.expiresAt)}, {formatTime(pending.expiresAt)}).
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

/** What the profile forms say about an e-mail change. */
export const EMAIL_CHANGE_TEXT = {
  taken: "The email has already been taken.",
  passwordNeeded: "Enter your current password to change your e-mail.",
  wrongPassword: "That is not your current password. Nothing was saved.",
  sent: (email: string) => `Your profile is saved. To change your e-mail, open the link we sent to ${email}.`,
} as const;

/**
 * What a profile action answers after asking for an e-mail change (`null`: nothing asked): the field errors of a
 * refusal, or the message of the saved profile. The password field is named differently on the two forms.
 */
export function emailChangeAnswer(
  change: RequestOutcome | null,
  passwordField: string,
): { fieldErrors: Record<string, string[]> } | { saved: string } {
  if (change?.kind === "wrong_password") return { fieldErrors: { [passwordField]: [EMAIL_CHANGE_TEXT.wrongPassword] } };
  if (change?.kind === "email_taken") return { fieldErrors: { email: [EMAIL_CHANGE_TEXT.taken] } };
  return { saved: change?.kind === "sent" ? EMAIL_CHANGE_TEXT.sent(change.newEmail) : "Your profile is saved." };
}
