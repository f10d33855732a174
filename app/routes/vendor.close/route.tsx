import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { auditRequest } from "~/http/audit.server";
import { requireVendor } from "~/http/session.server";
import { closeBusiness, closingFacts, namesTheBusiness } from "~/models/accounts/close-business.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { formatDate } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";

// /vendor/close: the owner closes the business on Glow (docs/domain.md, "Gone for good"). Its services are retired at
// once and its pages answer 410 Gone; visits already booked stay, money and history stay. The owner types the
// business's name to say they mean it: there is no undoing it from the dashboard.

export const meta: MetaFunction = () => [{ title: "Close your business | Vendor dashboard | Glow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "close-business");
  return data(await closingFacts(vendor.vendorId));
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "close-business");
  const form = await readForm(request, 4 * 1024);
  const typed = form.get("name");
  const facts = await closingFacts(vendor.vendorId);
  if (facts.closedAt) return redirectWithSuccess("/vendor/close", "Your business is already closed on Glow.", { status: 303 });
  if (typeof typed !== "string" || !namesTheBusiness(typed.slice(0, 200), facts.businessName)) {
    return data({ errors: { name: [`Type your business's name as it shows here, “${facts.businessName}”, to close it.`] } }, { status: 400 });
  }
  const { closed } = await closeBusiness(vendor.vendorId);
  if (closed) {
    await auditRequest(request, {
      actor: vendor,
      action: "business.close",
      record: { type: "vendor", id: vendor.vendorId },
      vendorId: vendor.vendorId,
      detail: `${facts.businessName} closed with ${facts.upcoming} visit${facts.upcoming === 1 ? "" : "s"} still booked`,
    });
  }
  return redirectWithSuccess("/vendor/close", "Your business is closed on Glow. Its pages now say so.", { status: 303 });
}

export default function CloseBusinessPage() {
  const facts = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (facts.closedAt)
    return (
      <div className="dash-page">
        <h1>Your business is closed</h1>
        <section className="card">
          <p>
            {facts.businessName} closed on Glow on {formatDate(facts.closedAt)}. Its services are no longer listed or bookable, and its pages tell visitors it
            has closed.
          </p>
          <p>
            {facts.upcoming > 0 ? (
              <>
                {facts.upcoming} visit{facts.upcoming === 1 ? " is" : "s are"} still booked: keep {facts.upcoming === 1 ? "it" : "them"} or cancel from{" "}
                <Link to="/vendor/appointment">your appointments</Link>.{" "}
              </>
            ) : null}
            Your balance, withdrawals and history stay: <Link to="/vendor/finance">Finance</Link>.
          </p>
        </section>
      </div>
    );
  return (
    <div className="dash-page">
      <h1>Close your business on Glow</h1>
      <section className="card" aria-labelledby="what-happens">
        <h2 id="what-happens" className="card__title">
          What happens
        </h2>
        <ul>
          <li>Every service of {facts.businessName} stops being listed and booked, at once.</li>
          <li>Your pages tell visitors the business has closed, and search engines drop them.</li>
          <li>
            {facts.upcoming > 0
              ? `${facts.upcoming} visit${facts.upcoming === 1 ? " is" : "s are"} still booked. ${facts.upcoming === 1 ? "It stays" : "They stay"}: keep ${facts.upcoming === 1 ? "it" : "them"}, or cancel from your appointments and the customer is refunded as usual.`
              : "No visits are booked ahead."}
          </li>
          <li>Your balance, withdrawals and history stay, and you can still withdraw.</li>
          <li>It cannot be undone from the dashboard. To open again, write to Glow.</li>
        </ul>
      </section>
      <Form method="post" className="card form" aria-labelledby="close-title">
        <h2 id="close-title" className="card__title">
          Close it
        </h2>
        <ErrorSummary errors={answer?.errors} />
        <div className="field">
          <label htmlFor="close-name" className="field__label">
            Type your business&rsquo;s name, {facts.businessName}
          </label>
          <input
            id="close-name"
            name="name"
            className="input"
            autoComplete="off"
            maxLength={200}
            required
            aria-invalid={answer?.errors ? true : undefined}
            aria-describedby={answer?.errors ? "close-name-error" : undefined}
          />
          {answer?.errors ? (
            <p id="close-name-error" className="field__error">
              {answer.errors.name[0]}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn--outline btn--danger">
          Close my business on Glow
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
