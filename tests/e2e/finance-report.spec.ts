import { expect, test } from "./fixtures";

// Finance's report in both projects: the owner opens it from Finance, reads the figures with the rebooking rate's
// definition, picks a range with a plain GET form and downloads both CSV exports; a stylist is refused.

test("the owner reads the report for a range and downloads its CSV exports", async ({ page, signInAs }) => {
  await signInAs("vendor@example.com");
  await page.goto("/vendor/finance");
  await page.getByRole("link", { name: "Report", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Report", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Revenue by service" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).not.toHaveCount(0);
  await expect(page.getByText(/Rebooking rate: of the clients with a completed visit in the range, the share who have any later booking/)).toBeVisible();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();

  const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  const from = new Date(Date.now() + 3_600_000 - 10 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${today}`));

  const csv = page.getByRole("link", { name: "Appointments (CSV)" });
  await expect(csv).toHaveAttribute("href", `/vendor/finance/appointments.csv?from=${from}&to=${today}`);
  const appointments = await page.request.get((await csv.getAttribute("href"))!);
  expect(appointments.status()).toBe(200);
  expect(appointments.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(
    (await appointments.text()).startsWith(
      "Reference,Date,Time,Member,Client,Phone,E-mail,Service,State,Payment,Promo code,Discount (NGN),Gift cards (NGN),Total (NGN)\r\n",
    ),
  ).toBe(true);
  const ledger = await page.request.get((await page.getByRole("link", { name: "Ledger (CSV)" }).getAttribute("href"))!);
  expect((await ledger.text()).split("\r\n")[0]).toBe("Date,Time,Kind,Account,Title,Group,Booking,Amount (NGN)");
});

test("a stylist is refused the report and its exports", async ({ page, signInAs }) => {
  await signInAs("stylist@example.com");
  expect((await page.goto("/vendor/finance/report"))?.status()).toBe(403);
  await expect(page.getByText("Only the salon's owner can open the money pages.")).toBeVisible();
  expect((await page.request.get("/vendor/finance/ledger.csv")).status()).toBe(403);
});
