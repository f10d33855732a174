import { formatDate, formatTime } from "~/utils/time";

export interface AuditTableRow {
  id: number;
  at: string;
  actorEmail: string | null;
  actorRole: string;
  label: string;
  recordType: string;
  recordId: string;
  detail: string;
  ip: string | null;
}

/** The audit trail as a table: when, who (when `showWho`), what, on which record, from where. */
export function AuditTable({ rows, showWho }: { rows: AuditTableRow[]; showWho: boolean }) {
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <thead>
          <tr>
            <th scope="col">When</th>
            {showWho ? <th scope="col">Who</th> : null}
            <th scope="col">What</th>
            <th scope="col">Record</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="finance__title">
                {formatDate(r.at)}, {formatTime(r.at)}
              </td>
              {showWho ? (
                <td data-label="Who">
                  {r.actorEmail ?? "Glow"} ({r.actorRole})
                </td>
              ) : null}
              <td data-label="What">
                {r.label}
                {r.detail ? `: ${r.detail}` : ""}
              </td>
              <td data-label="Record">
                {r.recordType} {r.recordId}
              </td>
              <td data-label="Address">{r.ip ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
