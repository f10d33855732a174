import { ErrorList } from "~/components/forms";
import { formatDate } from "~/utils/time";

// The three separate, unticked-by-default choices of what Glow may send besides e-mail (docs/domain.md, Consent):
// on the sign-up form and the customer's profile. Plain checkboxes: they work without JavaScript.

export type ConsentName = "consent_whatsapp" | "consent_sms" | "consent_marketing";

const CHOICES: { name: ConsentName; label: string; hint: string }[] = [
  { name: "consent_whatsapp", label: "Appointment messages by WhatsApp", hint: "Confirmations, changes and reminders, with a link to manage your visit" },
  { name: "consent_sms", label: "Appointment messages by SMS", hint: "The same by text message (and if a WhatsApp message cannot be delivered)" },
  { name: "consent_marketing", label: "News and offers from Glow", hint: "Our newsletter; you can stop it at any time" },
];

export interface ConsentState {
  given: boolean;
  changedAt: string | null;
  source: string | null;
}

export function ConsentChoices({
  current,
  errors,
}: {
  /** What is stored (the profile); absent at sign-up, where every box starts unticked. */
  current?: Record<"whatsapp" | "sms" | "marketing", ConsentState>;
  errors?: string[] | null;
}) {
  return (
    <fieldset className="consent">
      <legend className="field__label">What may we send you?</legend>
      <p className="consent__lead">E-mails about your own appointments always come. Each message below has a link to stop it.</p>
      {CHOICES.map((c) => {
        const state = current?.[c.name.slice("consent_".length) as "whatsapp" | "sms" | "marketing"];
        return (
          <label key={c.name} className="choice-card consent__choice">
            <input type="checkbox" name={c.name} defaultChecked={state?.given ?? false} />
            <span>
              <strong>{c.label}</strong>
              <small className="consent__hint">
                {c.hint}
                {state?.changedAt ? ` · ${state.given ? "Given" : "Withdrawn"} ${formatDate(state.changedAt)} (${state.source})` : ""}
              </small>
            </span>
          </label>
        );
      })}
      <ErrorList id="consent-error" errors={errors} />
    </fieldset>
  );
}
