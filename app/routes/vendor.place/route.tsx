import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { requireVendor } from "~/http/session.server";
import { CITY_CHOICES, getVendorPlace, LANDMARK_MAX, saveVendorPlace, TRAVEL_KM_MAX } from "~/models/accounts/vendor-place.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { parseMapPin } from "~/utils/map-pin";
import { redirectWithSuccess } from "~/utils/toast.server";

// /vendor/place: where the vendor works, as customers will find it (docs/domain.md, "Places"): the area from the
// fixed list, landmark directions, an optional map pin (a pasted link or coordinates; "Use my location" with
// JavaScript fills the same field), and for home service how far they travel.

export const meta: MetaFunction = () => [{ title: "Your place | Vendor dashboard | Glow" }];

const TRAVEL_CHOICES = [0, 2, 5, 10, 15, 25, TRAVEL_KM_MAX];

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "settings");
  const place = await getVendorPlace(vendor.vendorId);
  // The limits come with the data: they live in a .server module, which the browser build empties.
  return data({ place, cities: CITY_CHOICES, travelChoices: TRAVEL_CHOICES, landmarkMax: LANDMARK_MAX });
}

type Errors = Partial<Record<"area" | "landmark" | "pin" | "travel", string[]>>;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "settings");
  const form = await readForm(request, 8 * 1024);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const values = { area: text("area"), landmark: text("landmark").replace(/\s+/g, " ").trim(), pin: text("pin").trim(), travel: text("travel") };
  const errors: Errors = {};
  const [city, area] = values.area.split("|");
  const known = CITY_CHOICES.find((c) => c.city === city)?.areas.includes(area ?? "");
  if (!known) errors.area = ["Choose your area from the list."];
  if (values.landmark.length > LANDMARK_MAX) errors.landmark = [`Keep the directions under ${LANDMARK_MAX} characters.`];
  const pin = values.pin ? parseMapPin(values.pin) : null;
  if (pin && !pin.ok) errors.pin = [pin.message];
  const travelKm = values.travel === "" ? 0 : Number(values.travel);
  if (!TRAVEL_CHOICES.includes(travelKm)) errors.travel = ["Choose how far you travel from the list."];
  if (Object.keys(errors).length > 0) return data({ errors, values }, { status: 400 });
  await saveVendorPlace(vendor.vendorId, {
    city: city!,
    area: area!,
    landmark: values.landmark,
    pin: pin && pin.ok ? { lat: pin.lat, lng: pin.lng } : null,
    travelKm,
  });
  return redirectWithSuccess("/vendor/place", "Your place is saved.", { status: 303 });
}

export default function PlacePage() {
  const { place, cities, travelChoices, landmarkMax } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer?.errors;
  const values = answer?.values ?? {
    area: `${place.city}|${place.area}`,
    landmark: place.landmark,
    pin: place.pinned ? `${place.lat}, ${place.lng}` : "",
    travel: String(place.travelKm),
  };
  const described = (name: keyof Errors) => (errors?.[name] ? `${name}-error` : undefined);
  return (
    <div className="dash-page">
      <h1>Your place</h1>
      <p className="muted">
        Customers search by area and see how far you are from them. <Link to="/vendor/profile">Your street address</Link> stays on your profile.
      </p>
      <Form method="post" className="card place-form">
        <ErrorSummary errors={errors} />
        <div className="field">
          <label htmlFor="area" className="field__label">
            Area
          </label>
          <select
            id="area"
            name="area"
            className="input"
            defaultValue={values.area}
            aria-invalid={errors?.area ? true : undefined}
            aria-describedby={described("area")}
          >
            {cities.map((c) => (
              <optgroup key={c.city} label={`${c.city}, ${c.state}`}>
                {c.areas.map((a) => (
                  <option key={a} value={`${c.city}|${a}`}>
                    {a}, {c.city}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldError id="area-error" errors={errors?.area} />
        </div>
        <div className="field">
          <label htmlFor="landmark" className="field__label">
            Landmark directions
          </label>
          <input
            id="landmark"
            name="landmark"
            className="input"
            defaultValue={values.landmark}
            maxLength={landmarkMax + 50}
            placeholder="Opposite the filling station, second gate"
            aria-invalid={errors?.landmark ? true : undefined}
            aria-describedby={described("landmark")}
          />
          <FieldError id="landmark-error" errors={errors?.landmark} />
        </div>
        <PinField defaultValue={values.pin} errors={errors?.pin} />
        {place.homeService ? (
          <div className="field">
            <label htmlFor="travel" className="field__label">
              How far you travel for home service
            </label>
            <select id="travel" name="travel" className="input" defaultValue={values.travel} aria-describedby={described("travel")}>
              {travelChoices.map((km) => (
                <option key={km} value={km}>
                  {km === 0 ? "Not said" : `Up to ${km} km`}
                </option>
              ))}
            </select>
            <FieldError id="travel-error" errors={errors?.travel} />
          </div>
        ) : (
          <input type="hidden" name="travel" value={values.travel} />
        )}
        <button type="submit" className="btn btn--primary">
          Save my place
        </button>
      </Form>
    </div>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="field__error">
      {errors.join(" ")}
    </p>
  ) : null;
}

/** The pin field, and with JavaScript a button that fills it from the phone's location (nothing is sent until saved). */
function PinField({ defaultValue, errors }: { defaultValue: string; errors?: string[] }) {
  const input = useRef<HTMLInputElement>(null);
  const [canLocate, setCanLocate] = useState(false);
  const [note, setNote] = useState("");
  useEffect(() => setCanLocate("geolocation" in navigator), []);
  const locate = () => {
    setNote("Finding you…");
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (input.current) input.current.value = `${p.coords.latitude.toFixed(6)}, ${p.coords.longitude.toFixed(6)}`;
        setNote("Found. Save to keep it.");
      },
      () => setNote("We couldn't get your location. Paste a map link instead."),
      { timeout: 15_000 },
    );
  };
  return (
    <div className="field">
      <label htmlFor="pin" className="field__label">
        Map pin (optional)
      </label>
      <input
        ref={input}
        id="pin"
        name="pin"
        className="input"
        defaultValue={defaultValue}
        maxLength={2000}
        inputMode="url"
        aria-invalid={errors ? true : undefined}
        aria-describedby={["pin-hint", errors ? "pin-error" : ""].filter(Boolean).join(" ")}
      />
      <p id="pin-hint" className="field__hint">
        Paste a Google Maps or OpenStreetMap link, or coordinates such as 6.4474, 3.4723. Empty: the centre of your area.
      </p>
      {canLocate ? (
        <p>
          <button type="button" className="btn btn--ghost" onClick={locate}>
            Use my location
          </button>{" "}
          <span role="status">{note}</span>
        </p>
      ) : null}
      <FieldError id="pin-error" errors={errors} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
