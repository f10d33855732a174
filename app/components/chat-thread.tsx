import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import * as z from "~/utils/zod";
import { ErrorList } from "~/components/forms";
import { useSchemaForm } from "~/components/form-fields";
import type { ConversationPreview, Thread } from "~/models/messaging/conversations.server";
import { formatDate, formatTime, lagosToday } from "~/utils/time";

// One conversation as either party sees it (the vendor's /vendor/chats/{id}, the customer's /messages/{id}).
// Without JavaScript a reload shows new messages; with it, the page refreshes itself every few seconds while
// it is visible, and a sent message clears the box.

export const MESSAGE_MAX = 2000;

export const MessageSchema = z.object({
  intent: z.literal("send"),
  body: z.string({ error: "Write a message first" }).trim().min(1, "Write a message first").max(MESSAGE_MAX, `At most ${MESSAGE_MAX} characters`),
});

const POLL_MS = 5000;

/** Revalidates the page's data every few seconds while the tab is visible and nothing else is loading. */
export function usePolling(intervalMs = POLL_MS) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = useRef(false);
  busy.current = revalidator.state !== "idle" || navigation.state !== "idle";
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && !busy.current) revalidator.revalidate();
    }, intervalMs);
    return () => clearInterval(timer);
    // revalidator is a new object on every render; the interval only needs its stable revalidate function
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intervalMs]);
}

/** "9:05 am" today, "Nov 20, 2026" before. */
export function chatTime(iso: string): string {
  return lagosToday(iso) === lagosToday() ? formatTime(iso) : formatDate(iso);
}

export function ChatThread({
  thread,
  lastResult,
  headerActions,
  back,
}: {
  thread: Omit<Thread, "pinned">;
  lastResult?: SubmissionResult<string[]>;
  headerActions?: ReactNode;
  back: ReactNode;
}) {
  usePolling();
  const list = useRef<HTMLOListElement>(null);
  const lastId = thread.messages.at(-1)?.id;
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [lastId]);

  const [form, fields] = useSchemaForm(MessageSchema, { id: `reply-${thread.id}`, lastResult, shouldValidate: "onSubmit" });
  return (
    <section className="thread" aria-labelledby={`thread-${thread.id}`}>
      <header className="thread__head">
        {back}
        <img src={thread.with.image} alt="" width={40} height={40} className="chat-avatar" />
        <h2 id={`thread-${thread.id}`} className="thread__name">
          {thread.with.name}
        </h2>
        {headerActions}
      </header>
      {/* The list scrolls on its own: a tab stop, so the keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as the line above says */}
      <ol className="thread__messages" ref={list} aria-label={`Messages with ${thread.with.name}`} tabIndex={0}>
        {thread.messages.length === 0 ? <li className="thread__empty">No messages yet. Say hello!</li> : null}
        {thread.messages.map((m, i) => (
          <li key={m.id} id={i === thread.messages.length - 1 ? "latest" : undefined} className={m.mine ? "bubble bubble--mine" : "bubble"}>
            <span className="visually-hidden">{m.mine ? "You" : thread.with.name}: </span>
            <p className="bubble__text">{m.body}</p>
            <time className="bubble__time" dateTime={m.createdAt}>
              {chatTime(m.createdAt)}
            </time>
          </li>
        ))}
      </ol>
      {/* Keyed by the newest message: once a reply is in, the box starts empty again. */}
      <Form key={lastId ?? 0} method="post" {...getFormProps(form)} className="thread__reply" preventScrollReset>
        <input type="hidden" name="intent" value="send" />
        <label htmlFor={fields.body.id} className="visually-hidden">
          Your message
        </label>
        <textarea {...getTextareaProps(fields.body)} className="input" rows={2} placeholder="Type a message" />
        <button type="submit" className="btn btn--primary">
          Send
        </button>
        <ErrorList id={fields.body.errorId} errors={fields.body.errors} />
      </Form>
    </section>
  );
}

/** A list of conversations (image, name, snippet, time), each linking to its thread. */
export function ChatList({
  items,
  hrefFor,
  currentId,
  label,
}: {
  items: ConversationPreview[];
  hrefFor: (id: number) => string;
  currentId?: number;
  label: string;
}) {
  return (
    <ul className="chat-list" aria-label={label}>
      {items.map((c) => (
        <li key={c.id}>
          <Link to={hrefFor(c.id)} className={`chat-item${c.unread ? " chat-item--unread" : ""}`} aria-current={c.id === currentId ? "page" : undefined}>
            <img src={c.image} alt="" width={44} height={44} className="chat-avatar" loading="lazy" />
            <span className="chat-item__body">
              <span className="chat-item__top">
                <span className="chat-item__name">{c.name}</span>
                <time className="chat-item__time" dateTime={c.lastMessageAt}>
                  {chatTime(c.lastMessageAt)}
                </time>
              </span>
              <span className="chat-item__snippet">
                {c.unread ? <span className="visually-hidden">Unread: </span> : null}
                {c.snippet || "No messages yet"}
              </span>
            </span>
            {c.unread ? <span className="chat-item__dot" aria-hidden="true" /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
