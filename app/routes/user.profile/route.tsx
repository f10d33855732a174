import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountNav, bookingStyles as styles } from "~/components/booking-pages";
import { GeneralErrorBoundary } from "~/components/common";
import { EmailChangeFields } from "~/components/email-change-fields";
import { ErrorList, Field, FormMessages } from "~/components/forms";
import { assertSameOrigin, readForm, retryAfterHeaders } from "~/utils/http.server";
import {
  askForEmailChange,
  asksForNewEmail,
  checkPasswordForNewEmail,
  EMAIL_CHANGE_HIDDEN,
  EMAIL_CHANGE_TEXT,
  emailChangeOverLimit,
} from "~/http/email-change-step.server";
import { requireUser } from "~/http/session.server";
import { getProfile, isEmailTaken, updateProfile } from "~/models/accounts/profile.server";
import { pendingEmailChange } from "~/models/accounts/email-change.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { ConsentChoices } from "~/components/consent-choices";
import { displayPhone } from "~/utils/phone";
import { consentChoicesFromForm, consentsOf, recordConsents } from "~/models/messaging/consent.server";
import { ProfileSchema } from "./schema";
import { phoneStatus } from "~/models/accounts/phone-confirmation.server";
import { NIGERIAN_STATES } from "./states";

const NEEDS_PHONE = "Add your contact number to get appointment messages by WhatsApp or SMS.";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "My profile · Glow" }];

// A refused save's Retry-After reaches the page and its .data answer.
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [profile, pendingEmail, consents] = await Promise.all([getProfile(user.id), pendingEmailChange(user.id), consentsOf(user.id)]);
  return data({ profile, pendingEmail, consents, phoneConfirmed: (await phoneStatus(user.id)).confirmedAt !== null });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const changing = asksForNewEmail(formData, user.email);
  const overLimit = changing && (await emailChangeOverLimit(request, formData, ProfileSchema, user.id));
  if (overLimit) return overLimit;
  const submission = await parseWithZod(formData, {
    schema: ProfileSchema.superRefine(async (value, ctx) => {
      if (value.email !== user.email && (await isEmailTaken(value.email, user.id)))
        ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_CHANGE_TEXT.taken });
      checkPasswordForNewEmail(value, user.email, ctx);
    }),
    async: true,
  });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: EMAIL_CHANGE_HIDDEN }) }, { status: 400 });
  const v = submission.value;
  const choices = consentChoicesFromForm(formData);
  if ((choices.whatsapp || choices.sms) && !v.phone) {
    return data({ result: submission.reply({ fieldErrors: { phone: [NEEDS_PHONE] }, hideFields: EMAIL_CHANGE_HIDDEN }) }, { status: 400 });
  }
  const answer = await askForEmailChange(request, user.id, v, changing);
  if ("fieldErrors" in answer) return data({ result: submission.reply({ fieldErrors: answer.fieldErrors, hideFields: EMAIL_CHANGE_HIDDEN }) }, { status: 400 });
  await updateProfile(user.id, { ...v, phone: v.phone ?? null, address: v.address || null, city: v.city || null, state: v.state ?? null });
  await recordConsents(user.id, choices, "profile");
  return redirectWithSuccess("/user/profile", answer.saved, { status: 303 });
}

export default function ProfilePage() {
  const loaded = useLoaderData<typeof loader>();
  // New details from the server (saved, or an e-mail change waiting or confirmed) start the form afresh: it shows
  // what is stored, never an address that is not confirmed yet, and no typed password stays in the page.
  return <ProfileForm key={JSON.stringify(loaded)} {...loaded} />;
}

function ProfileForm({ profile, pendingEmail, consents, phoneConfirmed }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ProfileSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
    defaultValue: {
      ...profile,
      phone: profile.phone ? displayPhone(profile.phone) : "",
      address: profile.address ?? "",
      city: profile.city ?? "",
      state: profile.state ?? "",
    },
  });
  return (
    <div className="container booking profile">
      <AccountNav />
      <header className="booking-head">
        <h1>My profile</h1>
        <p className="booking__muted">Vendors see your name and contact number on your bookings; home services come to your address.</p>
      </header>
      <Form method="post" {...getFormProps(form)} className="card form profile__form">
        <FormMessages id={form.errorId} errors={form.errors} refused={actionData?.result?.error} />
        <div className="form-row">
          <Field
            label="First name"
            inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
            errors={fields.firstName.errors}
          />
          <Field
            label="Last name"
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
            errors={fields.lastName.errors}
          />
        </div>
        <div className="form-row">
          <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
          <Field
            label="Contact number"
            hint="A Nigerian mobile number, e.g. 0803 123 4567, or an international one starting with +"
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", inputMode: "tel" }}
            errors={fields.phone.errors}
          />
        </div>
        {profile.phone ? (
          <p className="field__hint">
            {phoneConfirmed ? "Your number is confirmed. " : null}
            <Link to="/user/phone">{phoneConfirmed ? "About confirming" : "Confirm your number by text message"}</Link>
          </p>
        ) : null}
        <EmailChangeFields fields={fields} pending={pendingEmail} />
        <Field
          label="Address"
          inputProps={{ ...getInputProps(fields.address, { type: "text" }), autoComplete: "street-address" }}
          errors={fields.address.errors}
        />
        <div className="form-row">
          <Field label="City" inputProps={{ ...getInputProps(fields.city, { type: "text" }), autoComplete: "address-level2" }} errors={fields.city.errors} />
          <div className="field">
            <label htmlFor={fields.state.id} className="field__label">
              State
            </label>
            <select {...getSelectProps(fields.state)} key="state" className="input" aria-describedby={fields.state.errors ? fields.state.errorId : undefined}>
              <option value="">Choose a state</option>
              {NIGERIAN_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <ErrorList id={fields.state.errorId} errors={fields.state.errors} />
          </div>
        </div>
        <ConsentChoices current={consents} />
        <div>
          <button type="submit" className="btn btn--primary">
            Save
          </button>
        </div>
      </Form>
      <section id="your-data" className="card form" aria-labelledby="your-data-title">
        <h2 id="your-data-title" className="card__title">
          Your data
        </h2>
        <p className="booking__muted">Your account, your appointments, and what salons you booked keep about you (their notes, allergies and patch tests).</p>
        <p>
          <a href="/user/profile/data.json" download>
            Download my data
          </a>
        </p>
        <Form method="post" action="/user/profile/salon-records">
          <button type="submit" className="btn btn--outline">
            Erase what salons keep about me
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
