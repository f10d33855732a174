import { Form, Link, useSubmit } from "@remix-run/react";
import { DISTANCES_KM, PRICE_RANGES, RATING_RANGES } from "~/models/catalogue/filters";
import { formatDay, nextDays } from "~/components/common";

export interface FilterValues {
  price: string;
  rating: string;
  date: string;
  near: string;
  distance: string;
  home: boolean;
  recommended: boolean;
}

export interface PlaceOption {
  city: string;
  areas: string[];
}

/**
 * The category page's filter bar: a GET form, so every choice is in the URL, works without
 * JavaScript and survives a reload. With JavaScript a change applies at once.
 */
export function FilterBar({
  action,
  values,
  places,
  today,
  dateError,
}: {
  action: string;
  values: FilterValues;
  places: PlaceOption[];
  today: string;
  dateError: string | null;
}) {
  const submit = useSubmit();
  const days = nextDays(today, 14);
  return (
    <Form
      method="get"
      action={action}
      className="filters card"
      aria-label="Filter services"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <div className="filters__grid">
        <SelectField label="Price" name="price" value={values.price} anyLabel="Any price" options={PRICE_RANGES} />
        <SelectField label="Rating (out of 10)" name="rating" value={values.rating} anyLabel="Any rating" options={RATING_RANGES} />
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
        <div className="field">
          <label className="field__label" htmlFor="filter-near">
            Location
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
        <div className="filters__toggles">
          <label className="check">
            <input type="checkbox" name="home" value="1" defaultChecked={values.home} /> Home service
          </label>
          <label className="check">
            <input type="checkbox" name="recommended" value="1" defaultChecked={values.recommended} /> Recommended
          </label>
        </div>
        <div className="filters__actions">
          <Link to={action} className="btn btn--ghost" preventScrollReset>
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
