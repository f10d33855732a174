import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/common";
import { addMedia, MAX_IMAGES, MAX_VIDEOS, removeMedia } from "~/models/services/gallery.server";
import { changeStatus, missingForReview } from "~/models/services/moderation.server";
import {
  categoryOptions,
  createDraft,
  getVendorService,
  saveAbout,
  saveOverview,
  savePricing,
  type SaveResult,
} from "~/models/services/vendor-services.server";
import { assertSameOrigin, invariantResponse, readForm, retryAfterHeaders } from "~/utils/http.server";
import { discardUploads, FILES_PER_REQUEST, REQUEST_MAX_BYTES, sniff, storeUploads, VIDEO_MAX_BYTES } from "~/models/media/uploads.server";
import { type MultipartForm, withMultipart } from "~/http/multipart.server";
import { takeUploadSlot } from "~/http/upload-slots.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireVendor } from "~/http/session.server";
import { EditorSchema, EDITOR_TABS, type EditorTab } from "./schema";
import { AboutTab, GalleryTab, OverviewTab, PricingTab } from "./tabs";

// /vendor/services/create: four tabs that switch freely (links with ?tab=), each a
// form whose 'Next' saves the draft and moves on, with or without JavaScript. ?id= edits an existing draft.

export const meta: MetaFunction = () => [{ title: "Create service | Vendor dashboard | Glow" }];

/** A refused upload's Retry-After (429/503) reaches the client with the page that says so. */
export const headers = retryAfterHeaders;

const isTab = (t: string | null): t is EditorTab => EDITOR_TABS.some((x) => x.id === t);
const nextTab: Record<EditorTab, EditorTab> = { overview: "about", about: "gallery", gallery: "pricing", pricing: "pricing" };
const editorUrl = (id: number, tab: EditorTab) => `/vendor/services/create?id=${id}&tab=${tab}`;

function parseId(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  invariantResponse(/^\d{1,9}$/.test(value), "That service id is not valid.", 400);
  return Number(value);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "services");
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab: EditorTab = isTab(tabParam) ? tabParam : "overview";
  const id = parseId(url.searchParams.get("id"));
  const service = id === undefined ? null : ((await getVendorService(vendor.vendorId, id)) ?? null);
  invariantResponse(id === undefined || service, "We couldn't find that service among yours.", 404);
  return data({
    tab,
    service,
    categories: await categoryOptions(),
    missing: service ? missingForReview(service) : [],
    limits: { images: MAX_IMAGES, videos: MAX_VIDEOS },
  });
}

/** What went wrong saving, as the vendor should read it. */
function refusal(result: Exclude<SaveResult, { ok: true }>): string {
  if (result.reason === "not-draft") return "Only drafts can be changed. Choose Edit on the service first.";
  if (result.reason === "no-category") return "Choose one of the listed categories.";
  return "We couldn't find that service among yours.";
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "services");
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return uploadAction(request, vendor.vendorId);

  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "remove-media") {
    const id = parseId(String(formData.get("id") ?? ""));
    const mediaId = parseId(String(formData.get("mediaId") ?? ""));
    invariantResponse(id && mediaId, "Choose a photo or video to remove.", 400);
    const result = await removeMedia(vendor.vendorId, id, mediaId);
    if (!result.ok) throw new Response(refusal(result), { status: result.reason === "not-found" ? 404 : 409 });
    await discardUploads(result.path ? [result.path] : []);
    return redirectWithSuccess(editorUrl(id, "gallery"), "Removed from the gallery.", { status: 303 });
  }

  const submission = parseWithZod(formData, { schema: EditorSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  let result: SaveResult;
  if (v.intent === "overview") {
    const input = { title: v.title, categoryId: v.category_id, style: v.style, gender: v.gender, durationMin: v.duration, tags: v.tags };
    result = v.id === undefined ? await createDraft(vendor.vendorId, input) : await saveOverview(vendor.vendorId, v.id, input);
  } else if (v.intent === "about") {
    result = await saveAbout(vendor.vendorId, v.id, { about: v.about, materials: v.materials });
  } else {
    const serviceType = v.service_type.length === 2 ? "both" : v.service_type[0]!;
    result = await savePricing(vendor.vendorId, v.id, {
      priceKobo: v.price,
      promoPriceKobo: v.promo_price ?? null,
      recommendations: v.recommendations ?? "",
      serviceType,
    });
    if (result.ok && v.then === "submit") {
      const submitted = await changeStatus(vendor.vendorId, v.id, "submit");
      if (!submitted.ok) {
        const first = submitted.missing?.[0];
        return redirectWithError(editorUrl(v.id, first?.tab ?? "pricing"), first ? `Not sent yet: ${first.message}` : "This service can't be submitted now.", {
          status: 303,
        });
      }
      return redirectWithSuccess("/vendor/services?tab=pending", "Sent for review. It goes live once Glow approves it.", { status: 303 });
    }
  }
  if (!result.ok) {
    if (result.reason === "not-found") throw new Response(refusal(result), { status: 404 });
    return data({ result: submission.reply({ formErrors: [refusal(result)] }) }, { status: 400 });
  }
  return redirectWithSuccess(editorUrl(result.id, nextTab[v.intent]), "Draft saved.", { status: 303 });
}

async function uploadAction(request: Request, vendorId: number) {
  // A slot first (429/503 with Retry-After when taken): the body is read (to temporary files) only within it.
  const release = takeUploadSlot(vendorId);
  try {
    return await withMultipart(
      request,
      {
        fileFields: ["files"],
        maxFiles: FILES_PER_REQUEST,
        fileMaxBytes: VIDEO_MAX_BYTES,
        requestMaxBytes: REQUEST_MAX_BYTES,
        // A part that is not a picture or video is known by its first bytes: only those are kept.
        accepts: (head) => sniff(head) !== null,
      },
      (form) => receiveUploads(form, vendorId),
    );
  } finally {
    release();
  }
}

async function receiveUploads(form: MultipartForm, vendorId: number) {
  const idText = form.fields.get("id") ?? "";
  const id = parseId(idText);
  const then = form.fields.get("then") === "next" ? "pricing" : "gallery";
  // Checked before any file is processed: nothing is stored for a service that is not the vendor's own draft.
  const service = id === undefined ? undefined : await getVendorService(vendorId, id);
  if (!id || !service) throw new Response("We couldn't find that service among yours.", { status: 404 });
  if (service.status !== "draft") throw new Response("Only drafts can be changed. Choose Edit on the service first.", { status: 409 });
  // A refused file refuses the form: 422 with the gallery and its messages, and nothing stored.
  const skipped = form.skipped.map((name) => `${name}: at most ${FILES_PER_REQUEST} files at a time`);
  if (skipped.length > 0) return data({ uploadErrors: skipped }, { status: 422 });
  const stored = await storeUploads(vendorId, form.files);
  if (stored.problems.length > 0) return data({ uploadErrors: stored.problems }, { status: 422 });
  // Nothing stored, nothing recorded: a form of refused files changes nothing, not even the draft's date.
  const result =
    stored.saved.length === 0
      ? { ok: true as const, id, added: [], duplicates: [], overLimit: [] }
      : await addMedia(
          vendorId,
          id,
          stored.saved.map((s) => ({ kind: s.kind, path: s.path, contentHash: s.contentHash })),
        ).catch(async (error) => {
          await discardUploads(stored.saved.map((s) => s.path));
          throw error;
        });
  const added = new Set(result.added?.map((m) => m.path) ?? []);
  // Whatever the gallery did not take (a duplicate, past its limits, or the draft changed meanwhile) is deleted.
  await discardUploads(stored.saved.filter((s) => !added.has(s.path)).map((s) => s.path));
  if (!result.ok) throw new Response(refusal(result), { status: result.reason === "not-found" ? 404 : 409 });
  if (result.overLimit.length > 0) {
    return redirectWithError(editorUrl(id, "gallery"), `Not uploaded: the gallery holds at most ${MAX_IMAGES} photos and ${MAX_VIDEOS} videos.`, {
      status: 303,
    });
  }
  return redirectWithSuccess(editorUrl(id, then), added.size ? "Uploaded to the gallery." : "Draft saved.", { status: 303 });
}

export default function CreateServicePage() {
  const { tab, service, categories, missing, limits } = useLoaderData<typeof loader>();
  const tabHref = (t: EditorTab) => (service ? editorUrl(service.id, t) : `/vendor/services/create?tab=${t}`);
  const editable = !service || service.status === "draft";
  return (
    <>
      <div className="dash-head">
        <div>
          <p className="dash-sub">
            <Link to="/vendor/services?tab=draft">Services</Link> / {service ? "Edit draft" : "New service"}
          </p>
          <h1>{service ? service.title : "Create New Service"}</h1>
        </div>
      </div>
      {service?.statusReason ? (
        <p className="notice notice--error" role="note">
          Returned by Glow: {service.statusReason}
        </p>
      ) : null}
      {!editable ? (
        <div className="notice" role="note">
          <p>This service is {service?.status}. To change it, make it a draft again: it leaves the site until Glow approves it again.</p>
          <Form method="post" action="/vendor/services" className="inline-form">
            <input type="hidden" name="intent" value="reopen" />
            <input type="hidden" name="id" value={service?.id} />
            <button type="submit" className="btn btn--outline btn--small">
              Edit as draft
            </button>
          </Form>
        </div>
      ) : null}
      {editable ? (
        <EditorTabs tab={tab} tabHref={tabHref}>
          {tab !== "overview" && !service ? (
            <div className="empty">
              <p>Start with the Overview: its Next button saves your draft, then you can fill in the other tabs.</p>
              <Link to="/vendor/services/create?tab=overview" className="btn btn--primary">
                Go to Overview
              </Link>
            </div>
          ) : tab === "overview" ? (
            <OverviewTab service={service} categories={categories} />
          ) : tab === "about" && service ? (
            <AboutTab service={service} />
          ) : tab === "gallery" && service ? (
            <GalleryTab service={service} limits={limits} />
          ) : service ? (
            <PricingTab service={service} missing={missing} />
          ) : null}
        </EditorTabs>
      ) : null}
    </>
  );
}

function EditorTabs({ tab, tabHref, children }: { tab: EditorTab; tabHref: (t: EditorTab) => string; children: ReactNode }) {
  return (
    <>
      <nav className="tabs" aria-label="Service editor">
        {EDITOR_TABS.map((t) => (
          <Link key={t.id} to={tabHref(t.id)} className="tabs__tab" aria-current={t.id === tab ? "page" : undefined} preventScrollReset>
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="card">{children}</div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
