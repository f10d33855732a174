import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { getDb } from "~/db/db.server";
import { startFakeSmtp } from "../../../tests/fake-smtp";

// With SMTP_URL the mail module really speaks SMTP. A minimal SMTP server (tests/fake-smtp.ts) stands in for the provider.

const smtpServer = () => startFakeSmtp();
const smtpServerOn = (port: number) => startFakeSmtp({ port });

async function mailModule(smtpUrl: string) {
  vi.resetModules();
  vi.stubEnv("SMTP_URL", smtpUrl);
  return import("./mail.server");
}

let smtp: Awaited<ReturnType<typeof smtpServer>>;
beforeAll(async () => {
  smtp = await smtpServer();
});
afterAll(async () => {
  await smtp.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("e-mail over SMTP", () => {
  test("is delivered to the SMTP server, recorded in the outbox and marked sent", async () => {
    const { sendMail, recentMail } = await mailModule(smtp.url);
    await sendMail({ to: "ada@example.com", subject: "Reset your Glow password", text: "Open http://localhost:3000/reset/abc" });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["RCPT TO:<ada@example.com>"]);
    expect(smtp.received[0]!.from).toMatch(/^MAIL FROM:<no-reply@localhost>/);
    expect(smtp.received[0]!.data).toMatch(/^Subject: Reset your Glow password$/m);
    expect(smtp.received[0]!.data).toContain("http://localhost:3000/reset/abc");
    expect((await recentMail())[0]).toMatchObject({ to: "ada@example.com", subject: "Reset your Glow password" });
    const row = await (await getDb()).selectFrom("outbox").select("sent_at").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });

  test("a failed delivery does not fail the caller; the message stays unsent in the outbox", async () => {
    const closed = await smtpServer();
    await closed.close();
    const { sendMail } = await mailModule(closed.url);
    await expect(sendMail({ to: "bo@example.com", subject: "Hello", text: "Hi" })).resolves.toBeUndefined();
    const row = await (await getDb()).selectFrom("outbox").select(["to_address", "sent_at"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toEqual({ to_address: "bo@example.com", sent_at: null });
  });

  test("a failed delivery is retried with back-off by the background work and delivered exactly once", async () => {
    const flaky = await smtpServer();
    const url = flaky.url;
    await flaky.close();
    const { sendMail } = await mailModule(url);
    const { runDueWork, findJob } = await import("~/models/jobs/queue.server");
    const { dueWork } = await import("~/models/background/work-list.server");
    const { JOB_RETRY_BASE } = await import("~/models/jobs/durations");
    await sendMail({ to: "cy@example.com", subject: "Your receipt", text: "Paid" });
    const db = await getDb();
    const row = await db.selectFrom("outbox").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ to_address: "cy@example.com", sent_at: null, attempts: 1 });
    expect(row.last_error).toBeTruthy();
    const job = (await findJob("mail.deliver", String(row.id)))!;
    expect(job).toMatchObject({ attempts: 1, done_at: null, failed_at: null });

    // The SMTP server is back (on the same port) before the retry is due.
    const port = Number(new URL(url).port);
    const back = await smtpServerOn(port);
    try {
      await runDueWork(dueWork, { now: new Date(Date.parse(job.run_at) - 1000) });
      // (The earlier test's undelivered "Hello" may be retried here already: only the receipt is looked at.)
      const receipts = () => back.received.filter((m) => /^Subject: Your receipt$/m.test(m.data));
      expect(receipts()).toHaveLength(0);
      await runDueWork(dueWork, { now: new Date(Date.parse(job.created_at) + JOB_RETRY_BASE) });
      await runDueWork(dueWork, { now: new Date(Date.parse(job.created_at) + 10 * JOB_RETRY_BASE) });
      expect(receipts()).toHaveLength(1);
      expect(receipts()[0]!.data).toMatch(new RegExp(`^Message-ID: <outbox-${row.id}@localhost>$`, "m"));
      const after = await db.selectFrom("outbox").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({ attempts: 2, last_error: null });
      expect(after.sent_at).not.toBeNull();
      expect(await findJob("mail.deliver", String(row.id))).toMatchObject({ attempts: 2, failed_at: null });
      expect((await findJob("mail.deliver", String(row.id)))!.done_at).not.toBeNull();
    } finally {
      await back.close();
    }
  });
});
