import { afterEach, expect, test, vi } from "vitest";
import { currentToasts, toast, TOAST_LIMIT } from "./toaster";

afterEach(() => {
  toast.remove();
  vi.useRealTimers();
});

test("never more than 20 toasts at once: the oldest leave first", () => {
  for (let i = 1; i <= 25; i++) toast(`toast ${i}`);
  const shown = currentToasts();
  expect(TOAST_LIMIT).toBe(20);
  expect(shown).toHaveLength(20);
  expect(shown[0]!.message).toBe("toast 25");
  expect(shown.at(-1)!.message).toBe("toast 6");
});

test("each type is shown; toasts are dismissed, then removed, after their delay", () => {
  vi.useFakeTimers();
  toast("plain");
  toast.success("saved");
  toast.error("failed");
  toast.custom("custom");
  const loading = toast.loading("sending");
  expect(
    currentToasts()
      .map((t) => t.type)
      .sort(),
  ).toEqual(["blank", "custom", "error", "loading", "success"]);

  vi.advanceTimersByTime(3000); // success's delay
  expect(currentToasts().find((t) => t.type === "success")?.visible).toBe(false);
  vi.advanceTimersByTime(400);
  expect(currentToasts().some((t) => t.type === "success")).toBe(false);

  vi.advanceTimersByTime(10_000);
  // A loading toast waits for its outcome...
  expect(currentToasts().map((t) => t.type)).toEqual(["loading"]);
  // ...and becomes it in place.
  toast.success("sent", { id: loading });
  expect(currentToasts()).toHaveLength(1);
  expect(currentToasts()[0]).toMatchObject({ id: loading, type: "success", message: "sent" });
  vi.advanceTimersByTime(3400);
  expect(currentToasts()).toHaveLength(0);
});
