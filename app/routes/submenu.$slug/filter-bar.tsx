import { Form, Link, useSubmit } from "@remix-run/react";
import { DISTANCES_KM, PRICE_RANGES, RATING_RANGES } from "~/models/catalogue-filters";
import { dayLabel, nextDays } from "~/components/day-input";

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
 * The category page's filter bar (spec §2): a GET form, so every choice is in the URL, works without
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
        <div className="field">
          <label className="field__label" htmlFor="filter-price">
            Price
          </label>
          <select id="filter-price" name="price" className="input" defaultValue={values.price}>
            <option value="">Any price</option>
            {PRICE_RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="filter-rating">
            Rating (out of 10)
          </label>
          <select id="filter-rating" name="rating" className="input" defaultValue={values.rating}>
            <option value="">Any rating</option>
            {RATING_RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="filter-date">
            Date
          </label>
          <select
            id="filter-date"
            name="date"
            className="input"
            defaultValue={values.date}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? "filter-date-error" : undefined}
          >
            <option value="">Any day</option>
            {days.map((d, i) => (
              <option key={d} value={d}>
                {i === 0 ? `Today (${dayLabel(d)})` : i === 1 ? `Tomorrow (${dayLabel(d)})` : dayLabel(d)}
              </option>
            ))}
          </select>
          {dateError ? (
            <p id="filter-date-error" className="field__error">
              {dateError}
            </p>
          ) : null}
        </div>
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
        <div className="field">
          <label className="field__label" htmlFor="filter-distance">
            Distance
          </label>
          <select id="filter-distance" name="distance" className="input" defaultValue={values.distance}>
            <option value="">Any distance</option>
            {DISTANCES_KM.map((km) => (
              <option key={km} value={km}>
                Within {km} km
              </option>
            ))}
          </select>
        </div>
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
