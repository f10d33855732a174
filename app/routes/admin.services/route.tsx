import { parseWithZod } from "@conform-to/zod/v4";
import { AdminNav } from "~/components/admin-nav";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { approveService, listPendingServices, type PendingService, returnService } from "~/models/services/moderation.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireAdmin } from "~/http/session.server";
import { PriceLine } from "~/components/price-line";
import { servicePrice } from "~/models/services/price";
import { formatNaira } from "~/utils/money";
import { formatDate } from "~/utils/time";
import styles from "~/styles/dashboard.css";
import { durationLabel, GENDERS, SERVICE_TYPES } from "../vendor.services.create/schema";
import { ModerationSchema } from "./schema";
import { VendorPicture } from "~/components/vendor-picture";
import { auditRequest } from "~/http/audit.server";

// /admin/services: an administrator reviews services vendors submitted. Approving makes one Active (shown to
// customers); returning sends it back to Draft with a reason the vendor sees.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Review services | Glow admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data({ services: await listPendingServices() });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: ModerationSchema });
  if (submission.status !== "success") {
    // A missing reason is the admin's slip, said on the page; anything else is a forged or broken form.
    const reasonError = submission.error?.reason?.[0];
    if (reasonError) return redirectWithError("/admin/services", reasonError, { status: 303 });
    throw new Response("Choose a service and what to do with it.", { status: 400 });
  }
  const v = submission.value;
  const result = v.intent === "approve" ? await approveService(v.id) : await returnService(v.id, v.reason);
  if (!result.ok) {
    if (result.reason === "not-found") throw new Response("There is no such service.", { status: 404 });
    return redirectWithError("/admin/services", `That service is ${result.status} now, not waiting for review.`, { status: 303 });
  }
  await auditRequest(request, {
    actor: admin,
    action: v.intent === "approve" ? "service.approve" : "service.return",
    record: { type: "service", id: v.id },
    detail: v.intent === "return" ? v.reason : "",
  });
  return redirectWithSuccess("/admin/services", v.intent === "approve" ? "Approved: it is live on the site." : "Returned to the vendor with your reason.", {
    status: 303,
  });
}

export default function AdminServicesPage() {
  const { services } = useLoaderData<typeof loader>();
  return (
    <section className="page container">
      <AdminNav />
      <div className="dash-head">
        <div>
          <h1>Services waiting for review</h1>
          <p className="dash-sub">Approve what is ready for customers; return the rest with a reason.</p>
        </div>
      </div>
      {services.length === 0 ? (
        <div className="card empty">
          <img src="/img/empty.svg" alt="" width={160} height={120} />
          <p>Nothing is waiting for review.</p>
        </div>
      ) : (
        <ul className="service-list">
          {services.map((s) => (
            <PendingCard key={s.id} service={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingCard({ service: s }: { service: PendingService }) {
  const type = s.serviceType === "both" ? "Home Service, Salon" : SERVICE_TYPES.find((t) => t.value === s.serviceType)?.label;
  return (
    <li className="card review" aria-labelledby={`review-${s.id}`}>
      <div className="review__head">
        <div>
          <h2 id={`review-${s.id}`} className="service-row__title">
            {s.title}
          </h2>
          <p className="service-row__meta">
            {s.vendorName} · {s.categoryTitle} › {s.style} · {GENDERS.find((g) => g.value === s.gender)?.label} · {durationLabel(s.durationMin)} · sent{" "}
            {formatDate(s.submittedAt)}
          </p>
        </div>
        <p className="service-row__price">
          <PriceLine {...servicePrice(s.priceKobo, s.promoPriceKobo)} />
        </p>
      </div>
      {s.media.length > 0 ? (
        <ul className="gallery-grid" aria-label="Photos and videos">
          {s.media.map((m, i) => (
            <li key={m.id} className="gallery-grid__item">
              {m.kind === "image" ? (
                <VendorPicture src={m.path} alt={`Photo ${i + 1}`} sizes="(max-width: 559px) 50vw, 200px" width={200} height={150} />
              ) : (
                // eslint-disable-next-line jsx-a11y/media-has-caption -- a vendor's upload: vendors have no way to give captions
                <video src={m.path} controls preload="none" width={200} height={150} aria-label={`Video ${i + 1}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="facts facts--two review__facts">
        <div>
          <dt>About</dt>
          <dd className="review__text">{s.about}</dd>
        </div>
        <div>
          <dt>Recommendations</dt>
          <dd className="review__text">{s.recommendations || "None"}</dd>
        </div>
        <div>
          <dt>Materials</dt>
          <dd>{s.materials.length ? s.materials.map((m) => `${m.name} (${formatNaira(m.priceKobo)}${m.required ? ", required" : ""})`).join("; ") : "None"}</dd>
        </div>
        <div>
          <dt>Tags · Service type</dt>
          <dd>
            {s.tags.join(", ") || "No tags"} · {type}
          </dd>
        </div>
      </dl>
      <div className="service-row__actions review__actions">
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="id" value={s.id} />
          <button type="submit" className="btn btn--primary btn--small">
            Approve
          </button>
        </Form>
        <details className="confirm">
          <summary className="btn btn--outline btn--small">Return to vendor</summary>
          <Form method="post" className="confirm__panel form">
            <input type="hidden" name="intent" value="return" />
            <input type="hidden" name="id" value={s.id} />
            <label htmlFor={`reason-${s.id}`} className="field__label">
              What should the vendor change?
            </label>
            <textarea id={`reason-${s.id}`} name="reason" className="input" required minLength={5} maxLength={300} rows={3} />
            <button type="submit" className="btn btn--danger btn--small">
              Return with this reason
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
