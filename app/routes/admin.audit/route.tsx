import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AdminNav } from "~/components/admin-nav";
import { data, Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary, PageProblems, PrevNext } from "~/components/common";
import { AuditTable } from "~/components/audit-table";
import styles from "~/styles/dashboard.css";
import { AUDIT_RECORD_TYPES, listAudit, type AuditRecordType } from "~/models/system/audit.server";
import { listPageOutcome, readListPage } from "~/utils/query-params.server";
import { requireAdmin } from "~/http/session.server";

// /admin/audit: the audit trail (docs/security.md, "Audit trail"), newest first, filtered by person (e-mail or
// account number) and by record (its kind and number or reference). A plain GET form: works without JavaScript.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Audit trail | Glow admin" }, { name: "robots", content: "noindex" }];

const TEXT_MAX = 254;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const person = (params.get("person") ?? "").trim().slice(0, TEXT_MAX);
  const typeParam = params.get("type") ?? "";
  const recordType = (AUDIT_RECORD_TYPES as readonly string[]).includes(typeParam) ? (typeParam as AuditRecordType) : undefined;
  const recordId = (params.get("record") ?? "").trim().slice(0, 64);
  const read = readListPage(params);
  const list = await listAudit({ person: person || undefined, recordType, recordId: recordId || undefined }, read.page);
  const { problems, status } = listPageOutcome(read, list.rows.length);
  const filterProblems = [
    ...(typeParam && !recordType ? ["Choose a kind of record from the list."] : []),
    ...(list.unknownPerson ? [`No account is ${person}.`] : []),
  ];
  return data(
    {
      page: read.page,
      problems: [...problems, ...filterProblems],
      rows: list.rows,
      hasMore: list.hasMore,
      filter: { person, type: recordType ?? "", record: recordId },
      recordTypes: [...AUDIT_RECORD_TYPES],
    },
    { status: filterProblems.length > 0 ? 400 : status },
  );
}

export default function AdminAuditPage() {
  const { page, problems, rows, hasMore, filter, recordTypes } = useLoaderData<typeof loader>();
  return (
    <section className="page container">
      <AdminNav />
      <div className="dash-head">
        <div>
          <h1>Audit trail</h1>
          <p className="dash-sub">Every admin action and every money event a person started: who, what, on which record, when and from which address.</p>
        </div>
      </div>
      <Form method="get" className="card form audit-filter">
        <label className="field">
          <span className="field__label">Person (e-mail or account number)</span>
          <input type="text" name="person" className="input" defaultValue={filter.person} maxLength={TEXT_MAX} />
        </label>
        <label className="field">
          <span className="field__label">Kind of record</span>
          <select name="type" className="input" defaultValue={filter.type}>
            <option value="">Any</option>
            {recordTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Record (number or reference)</span>
          <input type="text" name="record" className="input" defaultValue={filter.record} maxLength={64} />
        </label>
        <button type="submit" className="btn btn--primary">
          Filter
        </button>
      </Form>
      <PageProblems problems={problems} page={page} />
      {rows.length === 0 ? <p className="empty">No events match.</p> : <AuditTable rows={rows} showWho />}
      <PrevNext page={page} hasMore={hasMore} label="Audit trail pages" />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
