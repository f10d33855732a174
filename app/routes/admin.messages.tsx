import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AdminNav } from "~/components/admin-nav";
import { data, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { requireAdmin } from "~/http/session.server";
import { messageCounts } from "~/models/messaging/delivery-report.server";
import styles from "~/styles/dashboard.css";

// /admin/messages: what was sent, per channel and per vendor, and what failed (docs/operations/messaging.md).

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Messages sent | Glow admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data(await messageCounts(), { headers: { "Cache-Control": "no-store" } });
}

const CHANNEL = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" } as const;

export default function AdminMessagesPage() {
  const { channels, vendors } = useLoaderData<typeof loader>();
  return (
    <section className="page container">
      <AdminNav />
      <div className="dash-head">
        <div>
          <h1>Messages sent</h1>
          <p className="dash-sub">Every notice goes by e-mail; by WhatsApp or SMS as each customer agreed. Test mode keeps messages without sending them.</p>
        </div>
      </div>
      <h2>By channel</h2>
      <div className="table-wrap">
        <table className="table table--stack">
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">Messages</th>
              <th scope="col">Sent</th>
              <th scope="col">Delivered</th>
              <th scope="col">Read</th>
              <th scope="col">Failed</th>
              <th scope="col">Waiting</th>
              <th scope="col">Test mode</th>
            </tr>
          </thead>
          <tbody>
            {channels.map((c) => (
              <tr key={c.channel}>
                <td>{CHANNEL[c.channel]}</td>
                <td data-label="Messages">{c.total}</td>
                <td data-label="Sent">{c.sent}</td>
                <td data-label="Delivered">{c.delivered ?? "—"}</td>
                <td data-label="Read">{c.read ?? "—"}</td>
                <td data-label="Failed">{c.failed}</td>
                <td data-label="Waiting">{c.queued}</td>
                <td data-label="Test mode">{c.test}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>By vendor (WhatsApp and SMS)</h2>
      {vendors.length === 0 ? (
        <p className="empty">No WhatsApp or SMS messages yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack">
            <thead>
              <tr>
                <th scope="col">Vendor</th>
                <th scope="col">Channel</th>
                <th scope="col">Messages</th>
                <th scope="col">Failed</th>
              </tr>
            </thead>
            <tbody>
              {vendors.map((v) => (
                <tr key={`${v.vendorId}-${v.channel}`}>
                  <td>{v.businessName}</td>
                  <td data-label="Channel">{CHANNEL[v.channel]}</td>
                  <td data-label="Messages">{v.total}</td>
                  <td data-label="Failed">{v.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
