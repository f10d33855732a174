import { describe, expect, test } from "vitest";
import { statusAfterReceipt, termiiStatus, whatsappStatus } from "./receipt-status";

describe("a delivery receipt moves a message's status forward only", () => {
  test("sent -> delivered -> read; repeats and late receipts change nothing", () => {
    expect(statusAfterReceipt("sent", "delivered")).toBe("delivered");
    expect(statusAfterReceipt("delivered", "read")).toBe("read");
    expect(statusAfterReceipt("sent", "read")).toBe("read");
    expect(statusAfterReceipt("delivered", "delivered")).toBeNull();
    expect(statusAfterReceipt("read", "delivered")).toBeNull();
    expect(statusAfterReceipt("delivered", "sent")).toBeNull();
  });

  test("a failure counts only before delivery; messages never sent are not moved", () => {
    expect(statusAfterReceipt("sent", "failed")).toBe("failed");
    expect(statusAfterReceipt("delivered", "failed")).toBeNull();
    expect(statusAfterReceipt("failed", "failed")).toBeNull();
    for (const current of ["queued", "test", "refused", "failed"] as const) expect(statusAfterReceipt(current, "delivered")).toBeNull();
  });

  test("the providers' words", () => {
    expect(termiiStatus("DELIVERED | Message delivered to handset")).toBe("delivered");
    expect(termiiStatus("DND Active on Phone Number")).toBe("failed");
    expect(termiiStatus("Message Failed")).toBe("failed");
    expect(termiiStatus("Rejected")).toBe("failed");
    expect(termiiStatus("Message Sent")).toBe("sent");
    expect(termiiStatus("whatever")).toBeNull();
    expect(whatsappStatus("read")).toBe("read");
    expect(whatsappStatus("deleted")).toBeNull();
  });
});
