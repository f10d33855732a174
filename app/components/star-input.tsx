import { DEFAULT_STARS } from "~/models/reviews/review-rules";

/**
 * The star widget of a review form: five radio buttons drawn as stars, 4 preselected. It is a plain form control,
 * so it works with JavaScript off; the stars up to the chosen one light up by CSS alone.
 */
export function StarInput({
  name = "rating",
  defaultValue = DEFAULT_STARS,
  legend = "Your rating",
}: {
  name?: string;
  defaultValue?: number;
  legend?: string;
}) {
  return (
    <fieldset className="star-input">
      <legend className="field__label">{legend}</legend>
      <div className="star-input__row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="star-input__star">
            <input type="radio" name={name} value={n} defaultChecked={n === defaultValue} className="star-input__radio" />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {n} {n === 1 ? "star" : "stars"}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
