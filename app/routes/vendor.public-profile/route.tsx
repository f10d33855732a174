import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorList, ErrorSummary, Field } from "~/components/forms";
import { VendorPicture } from "~/components/vendor-picture";
import { type MultipartForm, withMultipart } from "~/http/multipart.server";
import { takeUploadSlot } from "~/http/upload-slots.server";
import { requireVendor } from "~/http/session.server";
import { getPublicProfile, MAX_TAGS, updatePublicProfile } from "~/models/accounts/public-profile.server";
import { discardUploads, IMAGE_MAX_BYTES, storeUploads } from "~/models/media/uploads.server";
import { assertSameOrigin, retryAfterHeaders } from "~/utils/http.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { PublicProfileSchema } from "./schema";

// /vendor/public-profile: what customers see of the business on /profile/vendor/{id} and on its cards: the business
// name, About, the photo, the banner and the tags. One multipart POST form (it works without JavaScript); a new
// photo or banner replaces the old one, whose files are then deleted.

export const meta: MetaFunction = () => [{ title: "Public profile | Vendor dashboard | Glow" }];

/** A refused upload's Retry-After (429/503) reaches the client with the page that says so. */
export const headers = retryAfterHeaders;

const FILE_FIELDS = ["photo", "banner"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "settings");
  return data({ vendorId: vendor.vendorId, profile: await getPublicProfile(vendor.vendorId) });
}

type Errors = Record<string, string[]>;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "settings");
  // A slot first (429/503 with Retry-After when taken), as every upload form; the files go to temporary files.
  const release = takeUploadSlot(vendor.vendorId);
  try {
    return await withMultipart(
      request,
      {
        fileFields: [...FILE_FIELDS],
        maxFiles: FILE_FIELDS.length,
        fileMaxBytes: IMAGE_MAX_BYTES,
        requestMaxBytes: FILE_FIELDS.length * IMAGE_MAX_BYTES + 64_000,
      },
      (form) => saveProfile(vendor.vendorId, form),
    );
  } finally {
    release();
  }
}

async function saveProfile(vendorId: number, form: MultipartForm) {
  const submission = parseWithZod(new URLSearchParams([...form.fields]), { schema: PublicProfileSchema });
  if (submission.status !== "success") return data({ errors: (submission.error ?? {}) as Errors }, { status: 400 });
  const files = form.files.filter((f) => f.size > 0);
  const stored = await storeUploads(vendorId, files);
  if (stored.problems.length > 0) return data({ errors: { files: stored.problems } as Errors }, { status: 422 });
  if (stored.saved.some((s) => s.kind !== "image")) {
    await discardUploads(stored.saved.map((s) => s.path));
    return data({ errors: { files: ["The photo and the banner must be pictures (JPEG, PNG, WebP or GIF)."] } as Errors }, { status: 422 });
  }
  // storeUploads keeps the files' order.
  const pathOf = (field: string) => {
    const at = files.findIndex((f) => f.field === field);
    return at === -1 ? undefined : stored.saved[at]!.path;
  };
  const v = submission.value;
  const replaced = await updatePublicProfile(vendorId, {
    businessName: v.business_name,
    about: v.about ?? "",
    tags: v.tags,
    image: pathOf("photo"),
    banner: pathOf("banner"),
  }).catch(async (error) => {
    await discardUploads(stored.saved.map((s) => s.path));
    throw error;
  });
  await discardUploads(replaced);
  return redirectWithSuccess("/vendor/public-profile", "Saved: customers see your public profile as it is now.", { status: 303 });
}

export default function PublicProfilePage() {
  const { vendorId, profile: p } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.errors;
  return (
    <>
      <div className="dash-head">
        <div>
          <h1>Public profile</h1>
          <p className="dash-sub">What customers see of your business: its name, About, photo, banner and tags.</p>
        </div>
        <Link to={`/profile/vendor/${vendorId}`} className="btn btn--outline">
          See it as customers do
        </Link>
      </div>
      <Form method="post" encType="multipart/form-data" className="card form" aria-labelledby="public-title">
        <h2 id="public-title" className="card__title">
          Your business
        </h2>
        <ErrorSummary errors={errors} />
        <Field
          label="Business name"
          inputProps={{ name: "business_name", defaultValue: p.businessName, required: true, minLength: 2, maxLength: 80, autoComplete: "organization" }}
          errors={errors?.business_name}
        />
        <div className="field">
          <label htmlFor="about" className="field__label">
            About
          </label>
          <textarea id="about" name="about" className="input textarea" rows={5} maxLength={1000} defaultValue={p.about} />
          <ErrorList errors={errors?.about} />
        </div>
        <Field
          label="Tags"
          hint={`Up to ${MAX_TAGS}, separated by commas, e.g. Braids, Natural hair, Bridal.`}
          inputProps={{ name: "tags", defaultValue: p.tags.join(", "), maxLength: 300 }}
          errors={errors?.tags}
        />
        <div className="field">
          <p className="field__label">Photo</p>
          <VendorPicture src={p.image} sizes="96px" width={96} height={96} className="public-profile__photo" />
          <label htmlFor="photo" className="field__label">
            New photo (optional)
          </label>
          <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp,image/gif" className="input" />
        </div>
        <div className="field">
          <p className="field__label">Banner</p>
          <VendorPicture src={p.banner} sizes="(max-width: 700px) 100vw, 600px" width={320} height={107} className="public-profile__banner" />
          <label htmlFor="banner" className="field__label">
            New banner (optional)
          </label>
          <input id="banner" name="banner" type="file" accept="image/jpeg,image/png,image/webp,image/gif" className="input" />
        </div>
        <ErrorList errors={errors?.files} />
        <button type="submit" className="btn btn--primary">
          Save public profile
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
