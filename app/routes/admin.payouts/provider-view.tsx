import type { ComparedField } from "~/models/money/provider-compare";

type View =
  { state: "compared"; fields: ComparedField[]; differences: number; channel: string | null } | { state: "not-asked" | "unknown" | "unreachable"; why: string };

/**
 * Glow's record beside the provider's, for a payment or a transfer the operator looked up: the rows that disagree
 * are marked in words (not by colour alone) so a phone without styles still says which.
 */
export function ProviderView({ view, what }: { view: View; what: "payment" | "transfer" }) {
  if (view.state !== "compared")
    return (
      <p className={view.state === "not-asked" ? "dash-sub" : "notice notice--error"} role={view.state === "not-asked" ? undefined : "alert"}>
        Paystack&rsquo;s view: {view.why}
      </p>
    );
  return (
    <div className="table-wrap provider-view">
      <table className="table table--stack">
        <caption className="provider-view__caption">
          Glow and Paystack on this {what}: {view.differences === 0 ? "they agree." : `${view.differences} difference${view.differences === 1 ? "" : "s"}.`}
          {view.channel ? ` Paid by ${view.channel.replace(/_/g, " ")}.` : ""}
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Glow</th>
            <th scope="col">Paystack</th>
          </tr>
        </thead>
        <tbody>
          {view.fields.map((f) => (
            <tr key={f.label} className={f.differs ? "provider-view__differs" : undefined}>
              <th scope="row">
                {f.label}
                {f.differs ? <strong className="provider-view__flag"> (differs)</strong> : null}
              </th>
              <td data-label="Glow">{f.glow}</td>
              <td data-label="Paystack">{f.provider}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
