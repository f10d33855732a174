import { getCollectionProps, getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { displayPhone } from "~/utils/phone";
import { phoneStatus } from "~/models/accounts/phone-confirmation.server";
import { may } from "~/models/team/roles";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/common";
import { EmailChangeFields } from "~/components/email-change-fields";
import { ErrorList, ErrorSummary, Field } from "~/components/forms";
import { SelectField, useSchemaForm } from "~/components/form-fields";
import { assertSameOrigin, readForm, retryAfterHeaders } from "~/utils/http.server";
import { askForEmailChange, asksForNewEmail, checkPasswordForNewEmail, EMAIL_CHANGE_HIDDEN, emailChangeOverLimit } from "~/http/email-change-step.server";
import { requireVendor } from "~/http/session.server";
import { isEmailTaken } from "~/models/accounts/profile.server";
import { getOwnVendorProfile, updateVendorProfile, type OwnVendorProfile } from "~/models/accounts/vendor-account.server";
import { pendingEmailChange } from "~/models/accounts/email-change.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { formatDay, lagosYear } from "~/utils/time";
import { dateOfBirth, MIN_AGE, MONTHS, OLDEST_YEAR, profileSchema, type ProfileForm } from "./schema";

// /vendor/profile: a view mode and an edit mode ('Edit basic info' / 'Save Changes'). The mode is
// in the URL (?edit=1), so it works without JavaScript and survives a reload.

export const meta: MetaFunction = () => [{ title: "Profile | Vendor dashboard | Glow" }];

// A refused save's Retry-After reaches the page and its .data answer.
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "settings");
  const editing = new URL(request.url).searchParams.get("edit") === "1";
  const profile = await getOwnVendorProfile(vendor.vendorId);
  // The NIN never goes back to the browser, in view or edit mode: only its last four digits.
  return data({
    profile: { ...profile, nin: "" },
    ninEnding: profile.nin ? profile.nin.slice(-4) : null,
    editing,
    pendingEmail: await pendingEmailChange(vendor.id),
    // Level 1 asks for a confirmed phone (app/utils/levels.ts): the number's line says whether it is, and where to.
    phoneConfirmed: (await phoneStatus(vendor.id)).confirmedAt !== null,
    mayClose: may(vendor.teamRole, "close-business"),
  });
}

function toProfile(v: ProfileForm, savedNin: string): Omit<OwnVendorProfile, "email"> {
  return {
    firstName: v.first_name,
    lastName: v.last_name,
    phone: v.phone,
    service: v.service,
    dateOfBirth: v.dob_year && v.dob_month && v.dob_day ? dateOfBirth(v.dob_year, v.dob_month, v.dob_day) : null,
    gender: v.gender ?? null,
    address: v.address,
    businessAddress: v.business_address ?? "",
    homeService: v.home_service ?? false,
    nin: v.nin ?? savedNin,
    socialGoogle: v.social_google ?? false,
    socialFacebook: v.social_facebook ?? false,
    socialInstagram: v.social_instagram ?? false,
    smsNotifications: v.sms_notifications ?? false,
    whatsappNotifications: v.whatsapp_notifications ?? false,
    whatsapp: v.whatsapp_phone ?? "",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "settings");
  const formData = await readForm(request);
  const changing = asksForNewEmail(formData, vendor.email);
  const overLimit = changing && (await emailChangeOverLimit(request, formData, profileSchema(), vendor.id));
  if (overLimit) return overLimit;
  const savedNin = (await getOwnVendorProfile(vendor.vendorId)).nin;
  const submission = await parseWithZod(formData, {
    schema: profileSchema({ isEmailTaken: (email) => isEmailTaken(email, vendor.id), hasNin: savedNin !== "" }).superRefine((v, ctx) =>
      checkPasswordForNewEmail(v, vendor.email, ctx),
    ),
    async: true,
  });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: EMAIL_CHANGE_HIDDEN }) }, { status: 400 });
  const v = submission.value;
  const answer = await askForEmailChange(request, vendor.id, v, changing);
  if ("fieldErrors" in answer) return data({ result: submission.reply({ fieldErrors: answer.fieldErrors, hideFields: EMAIL_CHANGE_HIDDEN }) }, { status: 400 });
  await updateVendorProfile({ vendorId: vendor.vendorId, userId: vendor.id }, toProfile(v, savedNin));
  return redirectWithSuccess("/vendor/profile", answer.saved, { status: 303 });
}

export default function VendorProfilePage() {
  const { profile, ninEnding, editing, pendingEmail, phoneConfirmed, mayClose } = useLoaderData<typeof loader>();
  return editing ? (
    <EditProfile profile={profile} pendingEmail={pendingEmail} ninEnding={ninEnding} />
  ) : (
    <ViewProfile profile={profile} pendingEmail={pendingEmail} ninEnding={ninEnding} phoneConfirmed={phoneConfirmed} mayClose={mayClose} />
  );
}

const yesNo = (v: boolean, yes = "Yes", no = "No") => (v ? yes : no);

// No account is linked by these switches (signing in with them does not exist yet): the page says so rather than
// "Linked".
const SOCIAL_ON = "On (no account linked yet)";
const SOCIAL_NOTE = "Signing in with these accounts is not available yet; your choice is kept for when it is.";
const genderLabel = { female: "Female", male: "Male" } as const;

type Pending = { newEmail: string; expiresAt: string } | null;

function ViewProfile({
  profile: p,
  pendingEmail,
  ninEnding,
  phoneConfirmed,
  mayClose,
}: {
  profile: OwnVendorProfile;
  pendingEmail: Pending;
  ninEnding: string | null;
  phoneConfirmed: boolean;
  mayClose: boolean;
}) {
  const missing = <span className="dash-sub">Not given</span>;
  return (
    <>
      <div className="dash-head">
        <div>
          <h1>Profile</h1>
          <p className="dash-sub">What customers and Glow know about you and your business.</p>
        </div>
        <Link to="/vendor/public-profile" className="btn btn--outline">
          Edit public profile
        </Link>
        <Link to="?edit=1" className="btn btn--primary">
          Edit basic info
        </Link>
      </div>
      <Card id="basic" title="Basic info">
        <dl className="facts facts--two">
          <Fact label="First name">{p.firstName}</Fact>
          <Fact label="Last name">{p.lastName}</Fact>
          <Fact label="Mobile number">
            {p.phone ? (
              <>
                {displayPhone(p.phone)}{" "}
                {phoneConfirmed ? (
                  <span className="dash-sub">(confirmed)</span>
                ) : (
                  <Link to="/user/phone" className="dash-sub">
                    Confirm it by text message
                  </Link>
                )}
              </>
            ) : (
              missing
            )}
          </Fact>
          <Fact label="WhatsApp number">{p.whatsapp ? displayPhone(p.whatsapp) : missing}</Fact>
          <Fact label="Email address">
            {p.email}
            {pendingEmail ? <span className="dash-sub"> (changing to {pendingEmail.newEmail} once its link is opened)</span> : null}
          </Fact>
          <Fact label="Service">{p.service || missing}</Fact>
          <Fact label="Date of birth">{p.dateOfBirth ? formatDay(p.dateOfBirth) : missing}</Fact>
          <Fact label="Gender">{p.gender ? genderLabel[p.gender] : missing}</Fact>
        </dl>
      </Card>
      <div className="cards-grid">
        <Card id="address" title="Address">
          <dl className="facts">
            <Fact label="Address">{p.address || missing}</Fact>
            <Fact label="Business address">{p.businessAddress || missing}</Fact>
          </dl>
        </Card>
        <Card id="nin" title="NIN (for home service)">
          <dl className="facts">
            <Fact label="Home service">{yesNo(p.homeService, "I offer home service", "Salon only")}</Fact>
            <Fact label="NIN">{ninEnding ? `•••••••${ninEnding}` : missing}</Fact>
          </dl>
        </Card>
        <Card id="social" title="Social logins">
          <dl className="facts">
            <Fact label="Google">{yesNo(p.socialGoogle, SOCIAL_ON, "Off")}</Fact>
            <Fact label="Facebook">{yesNo(p.socialFacebook, SOCIAL_ON, "Off")}</Fact>
            <Fact label="Instagram">{yesNo(p.socialInstagram, SOCIAL_ON, "Off")}</Fact>
          </dl>
          <p className="dash-sub">{SOCIAL_NOTE}</p>
        </Card>
        <Card id="notify" title="Notifications">
          <dl className="facts">
            <Fact label="Text-message notifications">{yesNo(p.smsNotifications, "On", "Off")}</Fact>
            <Fact label="WhatsApp notifications">{yesNo(p.whatsappNotifications, "On", "Off")}</Fact>
          </dl>
        </Card>
        {mayClose ? (
          <Card id="closing" title="Closing your business">
            <p className="dash-sub">
              Stopping for good? <Link to="/vendor/close">Close your business on Glow</Link>: what happens to bookings and money is said first.
            </p>
          </Card>
        ) : null}
      </div>
    </>
  );
}

function Card({ id, title, form = false, children }: { id: string; title: string; form?: boolean; children: ReactNode }) {
  return (
    <section className={form ? "card form" : "card"} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function EditProfile({ profile: p, pendingEmail, ninEnding }: { profile: OwnVendorProfile; pendingEmail: Pending; ninEnding: string | null }) {
  const actionData = useActionData<typeof action>();
  const [dobYear, dobMonth, dobDay] = p.dateOfBirth ? p.dateOfBirth.split("-").map(Number) : [];
  const [form, fields] = useSchemaForm(profileSchema({ hasNin: ninEnding !== null }), {
    id: "vendor-profile",
    lastResult: actionData?.result,
    defaultValue: {
      first_name: p.firstName,
      last_name: p.lastName,
      phone: p.phone ? displayPhone(p.phone) : "",
      whatsapp_phone: p.whatsapp ? displayPhone(p.whatsapp) : "",
      email: p.email,
      service: p.service,
      dob_day: dobDay,
      dob_month: dobMonth,
      dob_year: dobYear,
      gender: p.gender ?? undefined,
      address: p.address,
      business_address: p.businessAddress,
      home_service: p.homeService,
      nin: p.nin,
      social_google: p.socialGoogle,
      social_facebook: p.socialFacebook,
      social_instagram: p.socialInstagram,
      sms_notifications: p.smsNotifications,
      whatsapp_notifications: p.whatsappNotifications,
    },
  });
  const newestYear = lagosYear() - MIN_AGE;
  const years = Array.from({ length: newestYear - OLDEST_YEAR + 1 }, (_, i) => newestYear - i);

  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <ErrorSummary errors={actionData?.result?.error} />
      <div className="dash-head">
        <div>
          <h1>Edit profile</h1>
          <p className="dash-sub">Fields marked * are required.</p>
        </div>
        <EditActions className="dash-head__actions" />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />

      <Card id="basic" title="Basic info" form>
        <div className="form-row">
          <Field
            label="First name *"
            inputProps={{ ...getInputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }}
            errors={fields.first_name.errors}
          />
          <Field
            label="Last name *"
            inputProps={{ ...getInputProps(fields.last_name, { type: "text" }), autoComplete: "family-name" }}
            errors={fields.last_name.errors}
          />
        </div>
        <div className="form-row">
          <Field
            label="Mobile number *"
            hint="e.g. 08031234567"
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", inputMode: "tel" }}
            errors={fields.phone.errors}
          />
          <Field
            label="Email address *"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
          />
        </div>
        <EmailChangeFields fields={fields} pending={pendingEmail} />
        <div className="form-row">
          <Field
            label="WhatsApp number"
            hint="Customers get a “Chat on WhatsApp” link to it on your page and their bookings; leave empty for none"
            inputProps={{ ...getInputProps(fields.whatsapp_phone, { type: "tel" }), autoComplete: "off", inputMode: "tel" }}
            errors={fields.whatsapp_phone.errors}
          />
        </div>
        <div className="form-row">
          <Field
            label="Service *"
            hint="Your main service, e.g. Braids, Barbing, Nails"
            inputProps={getInputProps(fields.service, { type: "text" })}
            errors={fields.service.errors}
          />
          <fieldset className="field">
            <legend className="field__label">Gender</legend>
            <div className="choice-row">
              {getCollectionProps(fields.gender, { type: "radio", options: ["female", "male"] }).map((props) => (
                <label key={props.key} className="choice">
                  <input {...props} key={props.key} />
                  {genderLabel[props.value as "female" | "male"]}
                </label>
              ))}
            </div>
            <ErrorList id={fields.gender.errorId} errors={fields.gender.errors} />
          </fieldset>
        </div>
        <fieldset className="field">
          <legend className="field__label">Date of birth</legend>
          <div className="dob">
            <SelectField
              field={fields.dob_day}
              label="Day"
              placeholder="Day"
              hideLabel
              showErrors={false}
              options={Array.from({ length: 31 }, (_, i) => [String(i + 1), String(i + 1)])}
            />
            <SelectField
              field={fields.dob_month}
              label="Month"
              placeholder="Month"
              hideLabel
              showErrors={false}
              options={MONTHS.map((m, i) => [String(i + 1), m])}
            />
            <SelectField
              field={fields.dob_year}
              label="Year"
              placeholder="Year"
              hideLabel
              showErrors={false}
              options={years.map((y) => [String(y), String(y)])}
            />
          </div>
          <ErrorList errors={[...(fields.dob_day.errors ?? []), ...(fields.dob_month.errors ?? []), ...(fields.dob_year.errors ?? [])]} />
        </fieldset>
      </Card>

      <div className="cards-grid">
        <Card id="address" title="Address" form>
          <Field
            label="Address *"
            inputProps={{ ...getInputProps(fields.address, { type: "text" }), autoComplete: "street-address" }}
            errors={fields.address.errors}
          />
          <Field
            label="Business address"
            hint="Where customers come for salon services, if not the address above"
            inputProps={getInputProps(fields.business_address, { type: "text" })}
            errors={fields.business_address.errors}
          />
        </Card>
        <Card id="nin" title="NIN (for home service)" form>
          <Switch field={fields.home_service} label="I offer home service" />
          <Field
            label="NIN"
            hint={
              ninEnding
                ? `Saved: •••••••${ninEnding}. Leave it empty to keep it, or type all 11 digits to change it.`
                : "Your 11-digit National Identification Number, needed for home service"
            }
            inputProps={{ ...getInputProps(fields.nin, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
            errors={fields.nin.errors}
          />
        </Card>
        <Card id="social" title="Social logins">
          <Switch field={fields.social_google} label="Google" />
          <Switch field={fields.social_facebook} label="Facebook" />
          <Switch field={fields.social_instagram} label="Instagram" />
          <p className="dash-sub">{SOCIAL_NOTE}</p>
        </Card>
        <Card id="notify" title="Notifications">
          <Switch field={fields.sms_notifications} label="Text-message notifications" />
          <Switch field={fields.whatsapp_notifications} label="WhatsApp notifications (to your WhatsApp number)" />
          <ErrorList id={fields.whatsapp_notifications.errorId} errors={fields.whatsapp_notifications.errors} />
          <p className="dash-sub">New bookings, requests to answer, changes, cancellations and messages. Each WhatsApp message has a link to stop them.</p>
        </Card>
      </div>
      <EditActions className="form-actions" />
    </Form>
  );
}

/** Cancel and 'Save Changes', shown above and below the long form. */
function EditActions({ className }: { className: string }) {
  return (
    <div className={className}>
      <Link to="/vendor/profile" className="btn btn--outline">
        Cancel
      </Link>
      <button type="submit" className="btn btn--primary">
        Save Changes
      </button>
    </div>
  );
}

function Switch({ field, label }: { field: FieldMetadata<boolean | undefined>; label: string }) {
  return (
    <label className="switch">
      <span>{label}</span>
      <input {...getInputProps(field, { type: "checkbox" })} type="checkbox" role="switch" />
    </label>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
