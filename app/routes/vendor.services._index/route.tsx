import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import * as z from "~/utils/zod";
import { GeneralErrorBoundary } from "~/components/common";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { changeStatus, deleteDraft } from "~/models/services/moderation.server";
import { startRevision } from "~/models/services/revisions.server";
import { listVendorServices, type ServiceListItem } from "~/models/services/vendor-services.server";
import { discardUploads } from "~/models/media/uploads.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireVendor } from "~/http/session.server";
import { canDo, publicServicePath, STATUS_TABS, type ServiceStatus } from "~/models/services/status";
import { PriceLine } from "~/components/price-line";
import { servicePrice } from "~/models/services/price";
import { rowId } from "~/utils/row-id";
import { formatDate } from "~/utils/time";
import { durationLabel } from "../vendor.services.create/schema";
import { VendorPicture } from "~/components/vendor-picture";

// /vendor/services: tabs Active, Pending, Paused, Draft (?tab=), 'Create New Service',
// and the actions that fit each state. Every action is a small POST form, so all of it works without JavaScript.

export const meta: MetaFunction = () => [{ title: "Services | Vendor dashboard | Glow" }];

const ActionSchema = z.object({
  intent: z.enum(["submit", "pause", "resume", "reopen", "revise", "delete", "retire"], { error: "Choose what to do with the service" }),
  id: rowId("Choose a service"),
});

const isStatus = (t: string | null): t is ServiceStatus => STATUS_TABS.some((s) => s.status === t);

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "services");
  const param = new URL(request.url).searchParams.get("tab");
  const tab: ServiceStatus = isStatus(param) ? param : "active";
  return data({ tab, ...(await listVendorServices(vendor.vendorId, tab)) });
}

const listUrl = (tab: ServiceStatus) => `/vendor/services?tab=${tab}`;

const done: Record<"submit" | "pause" | "resume" | "reopen" | "retire", { tab: ServiceStatus; message: string }> = {
  submit: { tab: "pending", message: "Sent for review. It goes live once Glow approves it." },
  pause: { tab: "paused", message: "Paused: customers can't see or book it until you resume it." },
  resume: { tab: "active", message: "Resumed: customers can see and book it again." },
  reopen: { tab: "draft", message: "It's a draft again: make your changes, then submit it for review." },
  retire: { tab: "active", message: "Removed for good: its page now tells visitors it is gone and shows similar services." },
};

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "services");
  const submission = parseWithZod(await readForm(request), { schema: ActionSchema });
  if (submission.status !== "success") throw new Response("Choose a service and what to do with it.", { status: 400 });
  const { intent, id } = submission.value;

  if (intent === "revise") {
    // A live service is changed through a copy: the live one stays on the site until Glow approves the changes.
    const copy = await startRevision(vendor.vendorId, id);
    if (copy === null) throw new Response("We couldn't find that live service among yours.", { status: 404 });
    return redirectWithSuccess(
      `/vendor/services/create?id=${copy}&tab=overview`,
      "Make your changes, then submit them for review. Customers see the service as it is until Glow approves them.",
      { status: 303 },
    );
  }

  if (intent === "delete") {
    const result = await deleteDraft(vendor.vendorId, id);
    if (result.ok) {
      await discardUploads(result.paths);
      return redirectWithSuccess(listUrl("draft"), "Draft deleted.", { status: 303 });
    }
    if (result.reason === "not-found") throw new Response("We couldn't find that service among yours.", { status: 404 });
    return redirectWithError(
      listUrl("draft"),
      result.reason === "booked" ? "This service has bookings, so it can't be deleted." : "Only drafts can be deleted.",
      { status: 303 },
    );
  }

  const result = await changeStatus(vendor.vendorId, id, intent);
  if (result.ok) {
    if (intent === "reopen") return redirectWithSuccess(`/vendor/services/create?id=${id}&tab=overview`, done.reopen.message, { status: 303 });
    return redirectWithSuccess(listUrl(done[intent].tab), done[intent].message, { status: 303 });
  }
  if (result.reason === "not-found") throw new Response("We couldn't find that service among yours.", { status: 404 });
  const first = result.missing?.[0];
  if (first) return redirectWithError(`/vendor/services/create?id=${id}&tab=${first.tab}`, `Not sent yet: ${first.message}`, { status: 303 });
  return redirectWithError(listUrl(result.status ?? "active"), `A ${result.status} service can't do that.`, { status: 303 });
}

export default function VendorServicesPage() {
  const { tab, items, counts } = useLoaderData<typeof loader>();
  const label = STATUS_TABS.find((t) => t.status === tab)!.label;
  return (
    <>
      <div className="dash-head">
        <div>
          <h1>Services</h1>
          <p className="dash-sub">Only active services are shown to customers.</p>
        </div>
        <Link to="/vendor/services/create" className="btn btn--primary">
          Create New Service
        </Link>
      </div>
      <nav className="tabs" aria-label="Service status">
        {STATUS_TABS.map((t) => (
          <Link key={t.status} to={listUrl(t.status)} className="tabs__tab" aria-current={t.status === tab ? "page" : undefined}>
            {t.label} <span className="tabs__count">({counts[t.status]})</span>
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <div className="card empty">
          <img src="/img/empty.svg" alt="" width={160} height={120} loading="lazy" />
          <p>No {label.toLowerCase()} services.</p>
        </div>
      ) : (
        <ul className="service-list" aria-label={`${label} services`}>
          {items.map((s) => (
            <ServiceRow key={s.id} service={s} />
          ))}
        </ul>
      )}
    </>
  );
}

function StatusButton({ id, intent, label, className = "btn btn--outline btn--small" }: { id: number; intent: string; label: string; className?: string }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}

function ServiceRow({ service: s }: { service: ServiceListItem }) {
  return (
    <li className="service-row card">
      <VendorPicture src={s.image} sizes="96px" width={96} height={72} className="service-row__img" />
      <div className="service-row__body">
        <h2 className="service-row__title">{s.status === "active" ? <Link to={publicServicePath(s.id)}>{s.title}</Link> : s.title}</h2>
        <p className="service-row__meta">
          {s.groupName} · {s.style} · {durationLabel(s.durationMin)} · updated {formatDate(s.updatedAt)}
        </p>
        <p className="service-row__price">
          {s.priceKobo > 0 ? <PriceLine {...servicePrice(s.priceKobo, s.promoPriceKobo)} /> : <span className="dash-sub">No price yet</span>}{" "}
          <span className={`status status--${s.status}`}>{STATUS_TABS.find((t) => t.status === s.status)?.label}</span>
        </p>
        {s.revisionOf !== null ? (
          <p className="notice">
            Changes to your live service: customers see <Link to={publicServicePath(s.revisionOf)}>the approved version</Link> until Glow approves these.
          </p>
        ) : null}
        {s.statusReason ? <p className="notice notice--error">Returned by Glow: {s.statusReason}</p> : null}
      </div>
      <div className="service-row__actions">
        {s.status === "draft" ? (
          <>
            <Link to={`/vendor/services/create?id=${s.id}&tab=overview`} className="btn btn--outline btn--small">
              Edit
            </Link>
            <StatusButton id={s.id} intent="submit" label="Submit for review" className="btn btn--primary btn--small" />
            <details className="confirm">
              <summary className="btn btn--danger btn--small">Delete</summary>
              <div className="confirm__panel">
                <p>Delete this draft for good?</p>
                <StatusButton id={s.id} intent="delete" label="Yes, delete it" className="btn btn--danger btn--small" />
              </div>
            </details>
          </>
        ) : null}
        {canDo("pause", s.status) ? <StatusButton id={s.id} intent="pause" label="Pause" /> : null}
        {canDo("resume", s.status) ? <StatusButton id={s.id} intent="resume" label="Resume" className="btn btn--primary btn--small" /> : null}
        {s.status === "active" || s.status === "paused" ? (
          <details className="confirm">
            <summary className="btn btn--outline btn--small">Edit</summary>
            <div className="confirm__panel">
              <p>Your changes go to Glow for review; until they are approved, customers see and book the service as it is now.</p>
              <StatusButton id={s.id} intent="revise" label="Edit a copy" className="btn btn--primary btn--small" />
            </div>
          </details>
        ) : canDo("reopen", s.status) ? (
          <details className="confirm">
            <summary className="btn btn--outline btn--small">Back to draft</summary>
            <div className="confirm__panel">
              <p>Take it out of review to change it?</p>
              <StatusButton id={s.id} intent="reopen" label="Edit as draft" className="btn btn--primary btn--small" />
            </div>
          </details>
        ) : null}
        {canDo("retire", s.status) ? (
          <details className="confirm">
            <summary className="btn btn--danger btn--small">Remove for good</summary>
            <div className="confirm__panel">
              <p>Customers can no longer find or book it, and this can't be undone. Visits already booked stay.</p>
              <StatusButton id={s.id} intent="retire" label="Yes, remove it" className="btn btn--danger btn--small" />
            </div>
          </details>
        ) : null}
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
