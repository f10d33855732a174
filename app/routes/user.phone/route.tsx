import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountNav, bookingStyles as styles } from "~/components/booking-pages";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorList } from "~/components/forms";
import { requireUser } from "~/http/session.server";
import { refusalOf } from "~/http/refusal.server";
import { confirmPhoneCode, PHONE_CODE_TTL_MINUTES, phoneStatus, sendPhoneCode } from "~/models/accounts/phone-confirmation.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin, readForm, retryAfterHeaders } from "~/utils/http.server";
import { displayPhone } from "~/utils/phone";
import { redirectWithSuccess } from "~/utils/toast.server";

// Confirm my phone (docs/domain.md, "Accounts"): a code texted to the profile's number, entered here. Two plain
// forms, so it works without JavaScript; every refusal is answered on this page, beside the code field.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Confirm my phone · Glow" }];

export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const status = await phoneStatus(user.id);
  return data({
    phone: status.phone ? displayPhone(status.phone) : null,
    confirmed: status.confirmedAt !== null,
    textable: status.textable,
    codePending: status.codePending,
    minutes: PHONE_CODE_TTL_MINUTES,
    profilePath: user.role === "vendor" ? "/vendor/profile" : "/user/profile",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  try {
    if (intent === "send") {
      await sendPhoneCode(user.id, clientIp(request));
      return redirectWithSuccess("/user/phone", `We texted you a code. It works for ${PHONE_CODE_TTL_MINUTES} minutes.`, { status: 303 });
    }
    if (intent === "confirm") {
      const code = form.get("code");
      await confirmPhoneCode(user.id, typeof code === "string" ? code.slice(0, 40) : "");
      return redirectWithSuccess("/user/phone", "Your phone number is confirmed.", { status: 303 });
    }
    return data({ error: "Choose whether to send a code or confirm one." }, { status: 400 });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ error: refused.message }, { status: refused.status, headers: refused.headers });
  }
}

export default function PhonePage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error;
  return (
    <div className="container booking profile">
      <AccountNav />
      <header className="booking-head">
        <h1>Confirm my phone</h1>
        <p className="booking__muted">A confirmed number lets vendors and customers trust who they are dealing with.</p>
      </header>
      <section className="card form profile__form" aria-labelledby="phone-title">
        <h2 id="phone-title">{page.phone ?? "No phone number yet"}</h2>
        {page.confirmed ? (
          <p role="status">Confirmed. If you change the number on your profile, you confirm the new one here.</p>
        ) : !page.phone ? (
          <p>
            Add your mobile number on <Link to={page.profilePath}>your profile</Link> first.
          </p>
        ) : !page.textable ? (
          <p>
            We can only text Nigerian mobile numbers. Please check the number on <Link to={page.profilePath}>your profile</Link>.
          </p>
        ) : (
          <>
            <p>
              We text a 6-digit code to this number. It works for {page.minutes} minutes, once. Wrong number? Change it on{" "}
              <Link to={page.profilePath}>your profile</Link>.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="send" />
              <button type="submit" className={page.codePending ? "btn btn--outline" : "btn btn--primary"}>
                {page.codePending ? "Send a new code" : "Text me a code"}
              </button>
            </Form>
            <Form method="post" className="field">
              <input type="hidden" name="intent" value="confirm" />
              <label htmlFor="phone-code" className="field__label">
                The code we texted you
              </label>
              <input
                id="phone-code"
                name="code"
                className="input"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\s*(\d\s*){6}"
                maxLength={12}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "phone-code-error" : undefined}
              />
              <ErrorList id="phone-code-error" errors={error ? [error] : undefined} />
              <button type="submit" className="btn btn--primary">
                Confirm
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
