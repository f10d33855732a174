import { getCollectionProps, getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form, Link, useActionData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { ErrorList, ErrorSummary, Field, FormMessages } from "~/components/forms";
import { SelectField, useSchemaForm } from "~/components/form-fields";
import type { Completeness } from "~/models/services/moderation.server";
import type { CategoryOption, ServiceDraft } from "~/models/services/vendor-services.server";
import type { action } from "./route";
import { AboutSchema, DURATIONS, durationLabel, GENDERS, MAX_TAGS, OverviewSchema, PricingSchema, SERVICE_TYPES, splitTags } from "./schema";
import { VendorPicture } from "~/components/vendor-picture";

// The four tabs of the service editor. Each is a plain POST form that works without JavaScript; with it, the
// same schema checks fields as they are filled in.

type Draft = Omit<ServiceDraft, "status"> & { status: string };

function useLastResult() {
  const actionData = useActionData<typeof action>();
  return actionData && "result" in actionData ? actionData.result : undefined;
}

const koboToInput = (kobo: number | null) => (kobo ? (kobo % 100 === 0 ? String(kobo / 100) : (kobo / 100).toFixed(2)) : "");

function TabButtons({ back, children }: { back?: string; children: ReactNode }) {
  return (
    <div className="form-actions">
      {back ? (
        <Link to={back} className="btn btn--outline">
          Back
        </Link>
      ) : null}
      {children}
    </div>
  );
}

export function OverviewTab({ service, categories }: { service: Draft | null; categories: CategoryOption[] }) {
  const [form, fields] = useSchemaForm(OverviewSchema, {
    id: "service-overview",
    lastResult: useLastResult(),
    defaultValue: {
      intent: "overview",
      id: service?.id,
      title: service?.title,
      category_id: service?.categoryId,
      style: service?.style,
      gender: service?.gender,
      duration: service?.durationMin ?? 60,
      tags: service?.tags.join(", "),
    },
  });
  const chosen = Number(fields.category_id.value ?? service?.categoryId ?? 0);
  const styles = [...new Set(categories.filter((c) => !chosen || c.id === chosen).flatMap((c) => c.styles))].sort();
  // A forged form can send `tags` twice: conform then gives back a list, which has no split().
  const tags = splitTags(typeof fields.tags.value === "string" ? fields.tags.value : "");
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <input {...getInputProps(fields.intent, { type: "hidden" })} />
      {service ? <input {...getInputProps(fields.id, { type: "hidden" })} /> : null}
      <FormMessages id={form.errorId} errors={form.errors} refused={useLastResult()?.error} />
      <Field
        label="Title *"
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), placeholder: "e.g. Knotless Box Braids" }}
        errors={fields.title.errors}
      />
      <div className="form-row">
        <SelectField field={fields.category_id} label="Category *" placeholder="Choose a category" options={categories.map((c) => [String(c.id), c.title])} />
        <Field
          label="Sub category *"
          hint="e.g. Braids, Fade, Gel Manicure"
          inputProps={{ ...getInputProps(fields.style, { type: "text" }), list: "style-options", autoComplete: "off" }}
          errors={fields.style.errors}
        />
        <datalist id="style-options">
          {styles.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <div className="form-row">
        <SelectField field={fields.gender} label="Gender *" placeholder="Who is it for?" options={GENDERS.map((g) => [g.value, g.label])} />
        <SelectField field={fields.duration} label="Duration *" placeholder="How long it takes" options={DURATIONS.map((d) => [String(d), durationLabel(d)])} />
      </div>
      <Field
        label="Tags"
        hint={`Separate tags with commas, at most ${MAX_TAGS}: they help customers find the service.`}
        inputProps={{ ...getInputProps(fields.tags, { type: "text" }), placeholder: "Braids, Knotless, Protective Style" }}
        errors={fields.tags.errors}
      />
      {tags.length > 0 ? (
        <ul className="chips" aria-label={`${tags.length} of ${MAX_TAGS} tags`}>
          {tags.map((t, i) => (
            <li key={t} className={i >= MAX_TAGS ? "chip chip--over" : "chip"}>
              {t}
            </li>
          ))}
        </ul>
      ) : null}
      <TabButtons>
        <button type="submit" className="btn btn--primary">
          Next
        </button>
      </TabButtons>
    </Form>
  );
}

export function AboutTab({ service }: { service: Draft }) {
  const blankRows = Math.max(2, 3 - service.materials.length);
  const rows = [
    ...service.materials.map((m) => ({ name: m.name, price: koboToInput(m.priceKobo), required: m.required })),
    ...Array.from({ length: Math.min(blankRows, 12 - service.materials.length) }, () => ({ name: "", price: "", required: false })),
  ];
  const [form, fields] = useSchemaForm(AboutSchema, {
    id: "service-about",
    lastResult: useLastResult(),
    defaultValue: { intent: "about", id: service.id, about: service.about, materials: rows },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <input {...getInputProps(fields.intent, { type: "hidden" })} />
      <input {...getInputProps(fields.id, { type: "hidden" })} />
      <FormMessages id={form.errorId} errors={form.errors} refused={useLastResult()?.error} />
      <div className="field">
        <label htmlFor={fields.about.id} className="field__label">
          About this service *
        </label>
        <textarea {...getTextareaProps(fields.about)} className="input" rows={6} placeholder="What the customer gets, how to prepare, what to bring" />
        <ErrorList id={fields.about.errorId} errors={fields.about.errors} />
      </div>
      <fieldset className="field">
        <legend className="field__label">Materials</legend>
        <p className="field__hint">
          Items the customer can buy with the service, with their price in ₦. Tick "Required" when every booking needs it. Empty a row to remove it.
        </p>
        <div className="materials">
          {fields.materials.getFieldList().map((row, i) => {
            const item = row.getFieldset();
            return (
              <div key={row.key} className="materials__row">
                <Field
                  label={<span className="visually-hidden">Material {i + 1} name</span>}
                  inputProps={{ ...getInputProps(item.name, { type: "text" }), placeholder: "Material name" }}
                  errors={item.name.errors}
                />
                <Field
                  label={<span className="visually-hidden">Material {i + 1} price in naira</span>}
                  inputProps={{ ...getInputProps(item.price, { type: "text" }), placeholder: "₦ Price", inputMode: "decimal" }}
                  errors={item.price.errors}
                />
                <label className="choice">
                  <input {...getInputProps(item.required, { type: "checkbox" })} />
                  Required
                </label>
              </div>
            );
          })}
        </div>
        <ErrorList id={fields.materials.errorId} errors={fields.materials.errors} />
      </fieldset>
      <TabButtons back={`/vendor/services/create?id=${service.id}&tab=overview`}>
        <button type="submit" className="btn btn--primary">
          Next
        </button>
      </TabButtons>
    </Form>
  );
}

export function GalleryTab({ service, limits }: { service: Draft; limits: { images: number; videos: number } }) {
  // Each visit gets a fresh form: with JavaScript the page is not reloaded after Upload, and a file input that
  // kept its files would send them again with Next (the server also refuses the same file twice).
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const uploadErrors = actionData && "uploadErrors" in actionData ? actionData.uploadErrors : undefined;
  // With JavaScript, choosing files uploads them at once (the Upload button is for pages without it).
  const submit = useSubmit();
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formEncType === "multipart/form-data";
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="form">
      <ErrorSummary errors={uploadErrors ? { files: uploadErrors } : undefined} />
      {service.media.length > 0 ? (
        <ul className="gallery-grid" aria-label="Photos and videos">
          {service.media.map((m, i) => (
            <li key={m.id} className="gallery-grid__item">
              {m.kind === "image" ? (
                <VendorPicture src={m.path} alt={`Photo ${i + 1}`} sizes="(max-width: 559px) 50vw, 200px" width={200} height={150} />
              ) : (
                // eslint-disable-next-line jsx-a11y/media-has-caption -- a vendor's upload: vendors have no way to give captions
                <video src={m.path} controls preload="none" width={200} height={150} aria-label={`Video ${i + 1}`} />
              )}
              {m.kind === "image" && service.media.find((x) => x.kind === "image")?.id === m.id ? <span className="status">Cover</span> : null}
              <Form method="post" className="gallery-grid__remove">
                <input type="hidden" name="intent" value="remove-media" />
                <input type="hidden" name="id" value={service.id} />
                <input type="hidden" name="mediaId" value={m.id} />
                <button type="submit" className="btn btn--danger btn--small">
                  Remove<span className="visually-hidden"> {m.kind === "image" ? `photo ${i + 1}` : `video ${i + 1}`}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="dash-sub">No photos yet: the first photo you upload becomes the cover customers see.</p>
      )}
      <Form key={location.key} method="post" encType="multipart/form-data" className="form">
        <input type="hidden" name="id" value={service.id} />
        <div className="field">
          <label htmlFor="gallery-files" className="field__label">
            Add photos or videos
          </label>
          <input
            id="gallery-files"
            name="files"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm"
            className="input"
            aria-invalid={uploadErrors ? true : undefined}
            aria-describedby={uploadErrors ? "gallery-files-hint gallery-files-error" : "gallery-files-hint"}
            onChange={(event) => {
              const form = event.currentTarget.form;
              if (!form || !event.currentTarget.files?.length) return;
              const data = new FormData(form);
              data.set("then", "stay");
              submit(data, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
            }}
          />
          {uploading ? (
            <p className="field__hint" role="status">
              Uploading…
            </p>
          ) : null}
          <p id="gallery-files-hint" className="field__hint">
            Photos: JPEG, PNG, WebP or GIF up to 5 MB and 50 megapixels. Videos: MP4 or WebM up to 25 MB. Up to {limits.images} photos and {limits.videos}{" "}
            videos.
          </p>
          <ErrorList id="gallery-files-error" errors={uploadErrors} />
        </div>
        <TabButtons back={`/vendor/services/create?id=${service.id}&tab=about`}>
          {hydrated ? null : (
            <button type="submit" name="then" value="stay" className="btn btn--outline">
              Upload
            </button>
          )}
          <button type="submit" name="then" value="next" className="btn btn--primary">
            Next
          </button>
        </TabButtons>
      </Form>
    </div>
  );
}

export function PricingTab({ service, missing }: { service: Draft; missing: Completeness[] }) {
  const [form, fields] = useSchemaForm(PricingSchema, {
    id: "service-pricing",
    lastResult: useLastResult(),
    defaultValue: {
      intent: "pricing",
      id: service.id,
      price: koboToInput(service.priceKobo),
      promo_price: koboToInput(service.promoPriceKobo),
      recommendations: service.recommendations,
      service_type: service.serviceType === "both" ? ["home", "salon"] : [service.serviceType],
    },
  });
  const otherTabs = missing.filter((m) => m.tab !== "pricing");
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <input {...getInputProps(fields.intent, { type: "hidden" })} />
      <input {...getInputProps(fields.id, { type: "hidden" })} />
      <FormMessages id={form.errorId} errors={form.errors} refused={useLastResult()?.error} />
      <div className="form-row">
        <Field
          label="Actual price (₦) *"
          hint="In naira, e.g. 7500 for ₦7,500"
          inputProps={{ ...getInputProps(fields.price, { type: "text" }), inputMode: "decimal" }}
          errors={fields.price.errors}
        />
        <Field
          label="Promo price (₦)"
          hint="Optional: a lower price customers see crossed against the actual one"
          inputProps={{ ...getInputProps(fields.promo_price, { type: "text" }), inputMode: "decimal" }}
          errors={fields.promo_price.errors}
        />
      </div>
      <div className="field">
        <label htmlFor={fields.recommendations.id} className="field__label">
          Recommendations
        </label>
        <textarea
          {...getTextareaProps(fields.recommendations)}
          className="input"
          rows={4}
          placeholder="e.g. Come with washed hair; avoid oil on your scalp for a day after"
        />
        <ErrorList id={fields.recommendations.errorId} errors={fields.recommendations.errors} />
      </div>
      <fieldset className="field">
        <legend className="field__label">Service type *</legend>
        <div className="choice-row">
          {getCollectionProps(fields.service_type, { type: "checkbox", options: SERVICE_TYPES.map((t) => t.value) }).map((props) => (
            <label key={props.key} className="choice">
              <input {...props} key={props.key} />
              {SERVICE_TYPES.find((t) => t.value === props.value)?.label}
            </label>
          ))}
        </div>
        <ErrorList id={fields.service_type.errorId} errors={fields.service_type.errors} />
      </fieldset>
      {otherTabs.length > 0 ? (
        <div className="notice" role="note">
          <p>Before you submit:</p>
          <ul>
            {otherTabs.map((m) => (
              <li key={m.tab}>
                <Link to={`/vendor/services/create?id=${service.id}&tab=${m.tab}`}>{m.message}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <TabButtons back={`/vendor/services/create?id=${service.id}&tab=gallery`}>
        <button type="submit" name="then" value="save" className="btn btn--outline">
          Save draft
        </button>
        <button type="submit" name="then" value="submit" className="btn btn--primary">
          Submit for review
        </button>
      </TabButtons>
    </Form>
  );
}
