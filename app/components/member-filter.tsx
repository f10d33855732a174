import { Form } from "@remix-run/react";

// Not in the common barrel: only the vendor's report pages use it, and the barrel's chunk loads on every first view.

/**
 * The "Stylist" filter of a vendor's report (Finance's Breakdown, reviews): a GET form, so it works without
 * JavaScript; `keep` carries the page's other choices (a tab). Shown only for a salon of more than one member.
 */
export function MemberFilter({
  members,
  chosen,
  keep = {},
}: {
  members: { id: number; name: string }[];
  chosen: number | null;
  keep?: Record<string, string>;
}) {
  if (members.length < 2) return null;
  return (
    <Form method="get" className="member-filter" preventScrollReset>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="member-filter" className="field__label">
        Stylist
      </label>
      <select id="member-filter" name="member" className="input input--small" defaultValue={chosen === null ? "" : String(chosen)}>
        <option value="">All stylists</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn--outline btn--small">
        Show
      </button>
    </Form>
  );
}
