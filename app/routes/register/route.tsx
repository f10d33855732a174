import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { FormEvent } from "react";
import { AuthField, AuthFormPanel, NewPasswordFields, useAuthForm } from "~/components/auth-form";
import { GeneralErrorBoundary } from "~/components/common";
import { toast } from "~/components/toaster";
import { assertSameOrigin, readForm, retryAfterHeaders, safeRedirect } from "~/utils/http.server";
import { authMessage, getAuthClient } from "~/models/accounts/auth-client.server";
import { botFailure, formFailure, pageStatus, rateLimitFailure } from "~/http/auth-route.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { requireAnonymous } from "~/http/session.server";
import { AUTH_TEXT, RegisterSchema, REGISTER_ENTRY_FIELDS, registerEntryValid } from "~/utils/auth-schemas";
import { ConsentChoices } from "~/components/consent-choices";
import { consentChoicesFromForm, recordSignUpConsents } from "~/models/messaging/consent.server";
import { BOOKING_LEAD, continuesBooking, withRedirect } from "~/utils/continue-booking";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction = () => [{ title: "Join Glow | Sign up" }];

// A refused attempt's Retry-After reaches the page and its .data answer.
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  return { redirectTo, continuesBooking: continuesBooking(redirectTo) };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  const bot = botFailure(formData, submission);
  if (bot) return bot;
  if (submission.status !== "success") {
    // 'Invalid Entry' covers only the names and the e-mail, as on the page; the password rules only add field
    // messages, which the server enforces too.
    const entryFailed = REGISTER_ENTRY_FIELDS.some((name) => submission.error?.[name]);
    return formFailure(submission, entryFailed ? [AUTH_TEXT.invalidEntry] : []);
  }
  const limited = await rateLimitFailure(request, "signup", submission, submission.value.email);
  if (limited) return limited;
  const outcome = await getAuthClient().call("register", submission.value);
  const verdict = authMessage("register", outcome);
  // The page the customer was on when sign-in was asked for (the booking, say) comes after signing in.
  const redirectTo = safeRedirect(formData.get("redirectTo"), "");
  if (verdict.ok) {
    await recordSignUpConsents(submission.value.email, consentChoicesFromForm(formData));
    return redirectWithSuccess(withRedirect("/login", redirectTo), AUTH_TEXT.registered, { status: 303 });
  }
  return formFailure(submission, verdict.message ? [verdict.message] : [], pageStatus(outcome));
}

const BENEFITS = [
  { icon: "✂", title: "Book top stylists near you", text: "Hair, nails, spa, facials, tattoo and piercing in your city, at a time that suits you." },
  { icon: "₦", title: "Pay your way", text: "Pay online, pay the vendor at your appointment, or share a payment link with anyone to pay on your behalf." },
  { icon: "♥", title: "Keep your favourites", text: "Save the looks and salons you love and find them again on any device." },
  { icon: "★", title: "Run your business", text: "Vendors get a dashboard for bookings, services, messages, earnings and withdrawals." },
];

export default function RegisterPage() {
  const { redirectTo, continuesBooking } = useLoaderData<typeof loader>();
  const auth = useAuthForm({
    id: "register",
    schema: RegisterSchema,
    lastResult: useActionData<typeof action>()?.result,
    loadingMessage: "Creating your account…",
  });
  const { form, fields, hints } = auth;
  const accountType = (value: "customer" | "vendor") => {
    const { key: _key, ...props } = getInputProps(fields.account_type, { type: "radio", value });
    // Customer is the default choice.
    return value === "customer" ? { ...props, defaultChecked: (fields.account_type.initialValue ?? "customer") === "customer" } : props;
  };

  const entryValid = registerEntryValid(form.value ?? {});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    // Conform validates a field on blur by submitting the form through a hidden button: that is not a sign-up.
    if ((event.nativeEvent as SubmitEvent).submitter?.hidden) return;
    // The page's own check: with a name or the e-mail wrong, 'Invalid Entry' and nothing is sent.
    if (event.defaultPrevented && !entryValid) toast.error(AUTH_TEXT.invalidEntry, { id: "register-invalid" });
  }

  return (
    <div className="auth auth--wide container">
      <AuthFormPanel
        auth={auth}
        title="Create your account"
        lead={continuesBooking ? BOOKING_LEAD.register : "Join Glow to book beauty and grooming services near you, or to open your own vendor account."}
        submit="Sign Up"
        ready={entryValid}
        elsewhere={
          <>
            Already have an account? <Link to={withRedirect("/login", redirectTo)}>Login</Link>
          </>
        }
        replace
        onSubmit={onSubmit}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="form-row">
          <AuthField meta={fields.first_name} label="First name" hint={hints.first_name} hintFrom={2} autoComplete="given-name" />
          <AuthField meta={fields.last_name} label="Last name" hint={hints.last_name} hintFrom={2} autoComplete="family-name" />
        </div>
        <AuthField meta={fields.email} label="Email" type="email" hint={hints.email} autoComplete="email" />
        <NewPasswordFields fields={fields} hints={hints} label={{ password: "Password", confirmation: "Confirm password" }} />
        <fieldset className="account-type">
          <legend className="field__label">How will you use Glow?</legend>
          <label className="choice-card account-type__option">
            <input {...accountType("customer")} />
            <span>
              <strong>Book services</strong>
              <small>A customer account</small>
            </span>
          </label>
          <label className="choice-card account-type__option">
            <input {...accountType("vendor")} />
            <span>
              <strong>Open a vendor account</strong>
              <small>Offer your services and take bookings</small>
            </span>
          </label>
        </fieldset>
        <div className="account-type__vendor">
          <AuthField meta={fields.business_name} label="Business name (vendors)" hint={hints.business_name} autoComplete="organization" />
        </div>
        <ConsentChoices />
      </AuthFormPanel>
      <aside className="auth__benefits" aria-labelledby="benefits-title">
        <img src="/img/hero.svg" alt="" width={480} height={360} className="auth__art" loading="lazy" />
        <h2 id="benefits-title">Why join Glow</h2>
        <ul className="benefits">
          {BENEFITS.map((b) => (
            <li key={b.title} className="benefits__item">
              <span className="benefits__icon" aria-hidden="true">
                {b.icon}
              </span>
              <span>
                <strong>{b.title}</strong>
                <span>{b.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
