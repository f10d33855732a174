import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";

// Toasts: blank, error, success, loading and custom; dismissed and removed after a delay; at most 20.
// The flash toast from the server is rendered in the HTML and leaves by CSS, so it works without JavaScript;
// with JavaScript, `toast(...)` adds more from anywhere in the app.

export type ToastType = "blank" | "success" | "error" | "loading" | "custom";

export interface ToastItem {
  id: string;
  type: ToastType;
  message: ReactNode;
  /** ms before it is dismissed; loading toasts stay until updated or dismissed. */
  duration: number;
  visible: boolean;
}

export const TOAST_LIMIT = 20;
const DEFAULT_DURATION: Record<ToastType, number> = {
  blank: 4000,
  success: 3000,
  error: 5000,
  loading: Number.POSITIVE_INFINITY,
  custom: 4000,
};
/** Time the leaving animation takes before a dismissed toast is removed from the page. */
const REMOVE_DELAY = 300;

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function schedule(id: string, delay: number, fn: () => void) {
  clearTimeout(timers.get(id));
  if (Number.isFinite(delay)) timers.set(id, setTimeout(fn, delay));
}

/** The toasts now shown, newest first (for the toaster and for tests). */
export function currentToasts(): readonly ToastItem[] {
  return toasts;
}

function dismiss(id?: string) {
  const ids = id ? [id] : toasts.map((t) => t.id);
  emit(toasts.map((t) => (ids.includes(t.id) ? { ...t, visible: false } : t)));
  for (const each of ids) schedule(each, REMOVE_DELAY, () => remove(each));
}

function remove(id?: string) {
  const ids = id ? [id] : toasts.map((t) => t.id);
  for (const each of ids) {
    clearTimeout(timers.get(each));
    timers.delete(each);
  }
  emit(toasts.filter((t) => !ids.includes(t.id)));
}

interface ToastOptions {
  id?: string;
  duration?: number;
}

function create(type: ToastType, message: ReactNode, options: ToastOptions = {}): string {
  const id = options.id ?? `t${++counter}`;
  const item: ToastItem = { id, type, message, duration: options.duration ?? DEFAULT_DURATION[type], visible: true };
  const existing = toasts.some((t) => t.id === id);
  // Updating a toast (e.g. loading -> success) keeps its place; a new one goes on top, oldest dropped past the limit.
  const next = existing ? toasts.map((t) => (t.id === id ? item : t)) : [item, ...toasts];
  for (const dropped of next.slice(TOAST_LIMIT)) clearTimeout(timers.get(dropped.id));
  emit(next.slice(0, TOAST_LIMIT));
  schedule(id, item.duration, () => dismiss(id));
  return id;
}

export const toast = Object.assign((message: ReactNode, options?: ToastOptions) => create("blank", message, options), {
  success: (message: ReactNode, options?: ToastOptions) => create("success", message, options),
  error: (message: ReactNode, options?: ToastOptions) => create("error", message, options),
  loading: (message: ReactNode, options?: ToastOptions) => create("loading", message, options),
  custom: (message: ReactNode, options?: ToastOptions) => create("custom", message, options),
  dismiss,
  remove,
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;
const serverSnapshot = (): ToastItem[] => [];

/** The flash toast the server read from its cookie, as the root loader passes it. */
export interface FlashToastData {
  id: string;
  type: "success" | "error" | "info" | "warning";
  message: string;
  description?: string;
}

const FLASH_DURATION = 5000;

export function Toaster({ flash }: { flash?: FlashToastData }) {
  const items = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  // The flash toast also leaves by CSS; with JavaScript it is removed from the page when its time is up.
  const [goneFlash, setGoneFlash] = useState<string>();
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setGoneFlash(flash.id), FLASH_DURATION);
    return () => clearTimeout(timer);
  }, [flash]);
  const showFlash = flash && goneFlash !== flash.id;
  const clientItems = showFlash ? items.slice(0, TOAST_LIMIT - 1) : items;

  return (
    <section className="toaster" aria-label="Notifications" role="status" aria-live="polite">
      {showFlash ? (
        <div
          key={flash.id}
          className={`toast toast--${flash.type === "info" || flash.type === "warning" ? "blank" : flash.type} toast--flash`}
          data-toast-type={flash.type}
        >
          <ToastIcon type={flash.type === "success" ? "success" : flash.type === "error" ? "error" : "blank"} />
          <div>
            <p className="toast__message">{flash.message}</p>
            {flash.description ? <p className="toast__description">{flash.description}</p> : null}
          </div>
        </div>
      ) : null}
      {clientItems.map((t) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click dismisses a toast early, a shortcut for a pointer: every toast leaves by itself (a loading one when its work ends)
        <div key={t.id} className={`toast toast--${t.type}${t.visible ? "" : " toast--leaving"}`} data-toast-type={t.type} onClick={() => dismiss(t.id)}>
          <ToastIcon type={t.type} />
          <p className="toast__message">{t.message}</p>
        </div>
      ))}
    </section>
  );
}

function ToastIcon({ type }: { type: ToastType }) {
  if (type === "blank" || type === "custom") return null;
  if (type === "loading") return <span className="toast__spinner" aria-hidden="true" />;
  return (
    <span className={`toast__icon toast__icon--${type}`} aria-hidden="true">
      {type === "success" ? "✓" : "!"}
    </span>
  );
}
