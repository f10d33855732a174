import { Form, Link, useSubmit } from "@remix-run/react";
import { DISTANCES_KM, PRICE_RANGES, RATING_RANGES, SEARCH_SORTS } from "~/models/catalogue/filters";
import { formatDay, nextDays } from "~/components/common";

export interface FilterValues {
  price: string;
  rating: string;
  date: string;
  near: string;
  distance: string;
  home: boolean;
  recommended: boolean;
  sort?: string;
}

export interface PlaceOption {
  city: string;
  areas: string[];
}

/**
 * The filter bar of the category pages and the search results: a GET form, so every choice is in the URL, works
 * without JavaScript and survives a reload. With JavaScript a change applies at once. Without it the browser
 * opens the new page at the element `#results` (the form's action carries the fragment), not at the top.
 * Both pass `places` (a place of the list and a distance from it); the search results also pass `sorts`, and keep
 * their own fields (`keep`: location, date) as hidden values, since their search form above asks for those. There
 * the place is "Near", apart from the search form's free-text "Location".
 */
export function FilterBar({
  action,
  values,
  places,
  placesLabel = "Location",
  sorts,
  keep,
  today,
  dateError,
}: {
  action: string;
  values: FilterValues;
  places?: PlaceOption[];
  /** The place field's label: "Location", or "Near" beside a search form that has its own location. */
  placesLabel?: string;
  sorts?: boolean;
  keep?: Record<string, string>;
  today: string;
  dateError: string | null;
}) {
  const submit = useSubmit();
  const days = nextDays(today, 14);
  const kept = Object.entries(keep ?? {}).filter(([, value]) => value !== "");
  // The search results ask for the day in their search form ("When?"), which accepts any future day.
  const asksDay = !(keep && "date" in keep);
  return (
    <Form
      method="get"
      action={`${action}#results`}
      className="filters card"
      aria-label="Filter services"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="filters__grid">
        <SelectField label="Price" name="price" value={values.price} anyLabel="Any price" options={PRICE_RANGES} />
        <SelectField label="Rating (out of 10)" name="rating" value={values.rating} anyLabel="Any rating" options={RATING_RANGES} />
        {asksDay ? (
          <SelectField
            label="Date"
            name="date"
            value={values.date}
            anyLabel="Any day"
            error={dateError}
            options={days.map((d, i) => ({
              value: d,
              label: i === 0 ? `Today (${formatDay(d)})` : i === 1 ? `Tomorrow (${formatDay(d)})` : formatDay(d),
            }))}
          />
        ) : null}
        {places ? (
          <>
            <div className="field">
              <label className="field__label" htmlFor="filter-near">
                {placesLabel}
              </label>
              <select id="filter-near" name="near" className="input" defaultValue={values.near}>
                <option value="">Anywhere</option>
                {places.map((p) => (
                  <optgroup key={p.city} label={p.city}>
                    <option value={p.city}>All of {p.city}</option>
                    {p.areas.map((a) => (
                      <option key={a} value={a}>
                        {a}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
            <SelectField
              label="Distance"
              name="distance"
              value={values.distance}
              anyLabel="Any distance"
              options={DISTANCES_KM.map((km) => ({ value: String(km), label: `Within ${km} km` }))}
            />
          </>
        ) : null}
        {sorts ? (
          <SelectField
            label="Sort by"
            name="sort"
            value={values.sort ?? ""}
            options={SEARCH_SORTS.filter((o) => o.value !== "relevance")}
            anyLabel="Most relevant"
          />
        ) : null}
        <div className="filters__toggles">
          <label className="check">
            <input type="checkbox" name="home" value="1" defaultChecked={values.home} /> Home service
          </label>
          <label className="check">
            <input type="checkbox" name="recommended" value="1" defaultChecked={values.recommended} /> Recommended
          </label>
        </div>
        <div className="filters__actions">
          <Link to={kept.length > 0 ? `${action}?${new URLSearchParams(kept)}` : action} className="btn btn--ghost" preventScrollReset>
            Clear filters
          </Link>
          <button type="submit" className="btn btn--primary">
            Apply filters
          </button>
        </div>
      </div>
    </Form>
  );
}

function SelectField({
  label,
  name,
  value,
  anyLabel,
  options,
  error,
}: {
  label: string;
  name: string;
  value: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  error?: string | null;
}) {
  const id = `filter-${name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="input"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
