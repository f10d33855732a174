import { formatNaira } from "~/utils/money";
import { VendorPicture } from "./vendor-picture";

// Who does the service: "Anyone available" and each bookable member who performs it, as radio buttons of the page's
// GET form (so the choice travels with the date, with or without JavaScript). A team of one shows no picker.

export interface PickableMember {
  id: number;
  name: string;
  title: string;
  photo: string | null;
  /** Their own price for the service; null: the service's own. */
  priceKobo: number | null;
}

/** Up to two initials of a name ("Chidi Okafor": "CO"), for a member without a photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => [...w][0]!.toUpperCase()).join("");
}

/**
 * A member's face: their photo (small, lazy, with its size, alt = their name) or, without one, their initials, so
 * no picture is ever broken. Used by the picker, /vendor/team and "Meet the team".
 */
export function MemberAvatar({ name, photo, large = false }: { name: string; photo: string | null; large?: boolean }) {
  const size = large ? 64 : 40;
  const className = large ? "member-pick__avatar member-pick__avatar--large" : "member-pick__avatar";
  return photo ? (
    <VendorPicture src={photo} alt={name} sizes={`${size}px`} width={size} height={size} className={className} />
  ) : (
    <span className={className} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

export function MemberPicker({
  members,
  chosen,
  servicePriceKobo,
  form,
  error,
  name = "member",
  anyone = true,
}: {
  members: PickableMember[];
  chosen: number | null;
  /** The service's own price, shown beside "Anyone available" and compared with each member's; absent: no prices. */
  servicePriceKobo?: number;
  /** The field's name ("member"; the reschedule panel's GET form uses "rmember"). */
  name?: string;
  /** Offer "Anyone available" (not when moving a booking, which keeps its member unless another is picked). */
  anyone?: boolean;
  /** The id of the GET form the radios belong to, when they sit outside it. */
  form?: string;
  error?: string | null;
}) {
  if (members.length < 2) return null;
  return (
    <fieldset className="member-pick" aria-describedby={error ? "member-error" : undefined}>
      <legend className="field__label">Who</legend>
      {anyone ? (
        <label className="member-pick__option">
          <input type="radio" name={name} value="any" defaultChecked={chosen === null} form={form} />
          <span className="member-pick__avatar" aria-hidden="true">
            ★
          </span>
          <span className="member-pick__text">
            <strong>Anyone available</strong>
            {servicePriceKobo !== undefined ? <span className="member-pick__meta">{formatNaira(servicePriceKobo)}</span> : null}
          </span>
        </label>
      ) : null}
      {members.map((m) => (
        <label key={m.id} className="member-pick__option">
          <input type="radio" name={name} value={m.id} defaultChecked={chosen === m.id} form={form} />
          <MemberAvatar name={m.name} photo={m.photo} />
          <span className="member-pick__text">
            <strong>{m.name}</strong>
            <span className="member-pick__meta">
              {[m.title, servicePriceKobo !== undefined && m.priceKobo !== null && m.priceKobo !== servicePriceKobo ? formatNaira(m.priceKobo) : ""]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p id="member-error" className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
