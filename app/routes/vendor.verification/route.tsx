import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary, Field } from "~/components/forms";
import { requireVendor } from "~/http/session.server";
import { refusalOf } from "~/http/refusal.server";
import { checkBusiness, checkIdentity, vendorVerification, type CheckOutcome } from "~/models/trust/identity.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { formatDate } from "~/utils/time";
import { CHECK_IDENTITY, CONFIRM_EMAIL, CONFIRM_PHONE } from "~/utils/levels";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

// /vendor/verification: the vendor's level, what they lack for the next one (app/utils/levels.ts), and the two
// checks they can run themselves: the NIN (identity) and the CAC number (registered business), through the KYC
// provider. The number typed is sent to the provider and never kept (models/trust/identity.server.ts).

export const meta: MetaFunction = () => [{ title: "Your badge | Vendor dashboard | Glow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "settings");
  return data(await vendorVerification(vendor.vendorId));
}

const OUTCOME: Record<CheckOutcome, string> = {
  verified: "Checked.",
  "name-mismatch": "The name on this NIN does not match the name on your payout bank account.",
  "not-found": "The identity service has no record of this number. Please check it and try again.",
};

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "settings");
  const form = await readForm(request, 4 * 1024);
  const intent = form.get("intent");
  const value = String(form.get("value") ?? "").trim();
  if (intent !== "nin" && intent !== "cac") return data({ errors: { value: ["Choose which check to run."] }, intent: null }, { status: 400 });
  try {
    const outcome = intent === "nin" ? await checkIdentity(vendor.vendorId, value.replace(/\s+/g, "")) : await checkBusiness(vendor.vendorId, value);
    const what = intent === "nin" ? "Identity" : "Business registration";
    if (outcome === "verified") return redirectWithSuccess("/vendor/verification", `${what} checked.`, { status: 303 });
    return redirectWithError("/vendor/verification", `${what} not checked: ${OUTCOME[outcome]}`, { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ errors: { value: [refused.message] }, intent }, { status: refused.status });
  }
}

export default function VerificationPage() {
  const v = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errorsFor = (intent: "nin" | "cac") => (answer && answer.intent === intent ? answer.errors.value : undefined);
  const refused = answer && answer.intent === null ? answer.errors : undefined;
  return (
    <div className="dash-page">
      <h1>Your badge</h1>
      <ErrorSummary errors={refused} />
      <section className="card" aria-labelledby="level-now">
        <h2 id="level-now">{v.level > 0 ? `You are Level ${v.level}` : "You have no badge yet"}</h2>
        {v.next ? (
          <>
            <p>For Level {v.next}, you still need to:</p>
            <ul className="verification__missing">
              {v.missing.map((m) => (
                <li key={m}>
                  <MissingStep step={m} />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>You have the highest level. Keep your rating and your visits up to keep it.</p>
        )}
        <p className="muted">
          Levels are worked out again several times a day from your visits and ratings. <Link to="/badges">What our badges mean</Link>
        </p>
      </section>

      <section className="card" aria-labelledby="nin-title">
        <h2 id="nin-title">Identity (NIN)</h2>
        {v.hasPayoutAccount ? null : (
          <p>
            First <Link to="/vendor/withdraw">add and confirm the bank account</Link> Glow pays you: the name on your NIN is checked against it.
          </p>
        )}
        <CheckForm intent="nin" label="Your NIN (11 digits)" inputMode="numeric" pattern="[0-9 ]{11,15}" errors={errorsFor("nin")} submit="Check my NIN" />
      </section>

      <section className="card" aria-labelledby="cac-title">
        <h2 id="cac-title">Registered business (CAC)</h2>
        <CheckForm intent="cac" label="RC or BN number" inputMode="text" pattern={undefined} errors={errorsFor("cac")} submit="Check my CAC number" />
      </section>

      {v.checks.length > 0 ? (
        <section className="card" aria-labelledby="checks-title">
          <h2 id="checks-title">Your last checks</h2>
          <ul>
            {v.checks.map((c, i) => (
              <li key={i}>
                {c.kind === "nin" ? "NIN" : "CAC"} {c.masked}:{" "}
                {c.outcome === "verified" ? "checked" : c.outcome === "name-mismatch" ? "name does not match" : "not found"} ({formatDate(c.at)})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function CheckForm(props: { intent: "nin" | "cac"; label: string; inputMode: "numeric" | "text"; pattern?: string; errors?: string[]; submit: string }) {
  return (
    <Form method="post" className="verification__form">
      <input type="hidden" name="intent" value={props.intent} />
      {props.errors?.length ? <ErrorSummary errors={{ value: props.errors }} /> : null}
      <Field
        label={props.label}
        inputProps={{
          id: `${props.intent}-value`,
          name: "value",
          required: true,
          autoComplete: "off",
          inputMode: props.inputMode,
          pattern: props.pattern,
          maxLength: 20,
        }}
        errors={props.errors}
      />
      <button type="submit" className="btn btn--primary">
        {props.submit}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** A missing step, with where to take it when it is taken elsewhere (or further down this page). */
function MissingStep({ step }: { step: string }) {
  if (step === CONFIRM_PHONE)
    return (
      <>
        {step} <Link to="/user/phone">Confirm it by text message</Link>
      </>
    );
  if (step === CHECK_IDENTITY)
    return (
      <>
        {step} <a href="#nin-title">Check it below</a>
      </>
    );
  if (step === CONFIRM_EMAIL)
    return (
      <>
        {step} Open the link we e-mailed you.{" "}
        <Form method="post" action="/confirm-email" className="inline-form">
          <input type="hidden" name="redirectTo" value="/vendor/verification" />
          <button type="submit" className="btn btn--outline btn--small">
            Send the link again
          </button>
        </Form>
      </>
    );
  return <>{step}</>;
}
