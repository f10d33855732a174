import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, Outlet, useLoaderData, useParams } from "@remix-run/react";
import { ChatList } from "~/components/chat-thread";
import { GeneralErrorBoundary } from "~/components/common";
import { conversationOpenAt, listVendorConversations } from "~/models/messaging/conversations.server";
import { readText } from "~/utils/query-params.server";
import { requireVendor } from "~/http/session.server";
import styles from "~/styles/messages.css";

// /vendor/chats: the message count, a search (GET), the Pinned list and the Messages
// list; the open conversation (/vendor/chats/{id}) renders beside them, or alone on a phone.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Messages | Vendor dashboard | Glow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "messages");
  // readText drops control characters: PostgreSQL refused a NUL in the search (a 500).
  const q = readText(new URL(request.url).searchParams.get("q"), 60);
  const conversations = await listVendorConversations(vendor.vendorId, { q: q || undefined, openId: conversationOpenAt(new URL(request.url).pathname) });
  return data({ q, conversations });
}

export default function VendorChats() {
  const { q, conversations } = useLoaderData<typeof loader>();
  const params = useParams();
  const openId = params.id ? Number(params.id) : undefined;
  const pinned = conversations.filter((c) => c.pinned);
  const others = conversations.filter((c) => !c.pinned);
  const hrefFor = (id: number) => `/vendor/chats/${id}${q ? `?${new URLSearchParams({ q })}` : ""}#latest`;
  return (
    <div className={`chats${openId ? " chats--open" : ""}`}>
      <section className="chats__side card" aria-labelledby="chats-title">
        <h1 id="chats-title" className="chats__title">
          Messages <span className="chats__count">({conversations.length})</span>
        </h1>
        <Form method="get" action="/vendor/chats" role="search" className="chats__search">
          <label htmlFor="chat-search" className="visually-hidden">
            Search messages
          </label>
          <input id="chat-search" type="search" name="q" defaultValue={q} maxLength={60} placeholder="Search messages" className="input" />
          <button type="submit" className="btn btn--outline btn--small">
            Search
          </button>
        </Form>
        {q ? (
          <p className="chats__note">
            {conversations.length} found for “{q}”. <Link to="/vendor/chats">Show all</Link>
          </p>
        ) : null}
        {pinned.length > 0 ? (
          <>
            <h2 className="chats__heading">Pinned</h2>
            <ChatList items={pinned} hrefFor={hrefFor} currentId={openId} label="Pinned" />
          </>
        ) : null}
        <h2 className="chats__heading">Messages</h2>
        {others.length > 0 ? (
          <ChatList items={others} hrefFor={hrefFor} currentId={openId} label="Messages" />
        ) : (
          <p className="chats__note">
            {q
              ? `No ${pinned.length > 0 ? "other " : ""}conversation matches “${q}”.`
              : pinned.length > 0
                ? "No other conversations."
                : "No conversations yet."}
          </p>
        )}
      </section>
      <div className="chats__main">
        {/* On phones an open conversation hides the list and its heading: the page keeps a (hidden) title. */}
        {openId ? <h1 className="visually-hidden chats__phone-title">Messages</h1> : null}
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
