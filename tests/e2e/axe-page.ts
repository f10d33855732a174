import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The axe check of the gifts' and promo codes' stories: nothing serious or critical on the page a step shows.

/**
 * As tests/e2e/a11y.spec.ts runs it: in the page itself, without "region" (always "moderate"); a page without
 * JavaScript is audited as a copy of its HTML, without its scripts, in a page that runs axe's.
 */
export async function axe(page: Page) {
  await page.waitForLoadState("load");
  let target = page;
  if (test.info().project.use.javaScriptEnabled === false) {
    const url = page.url().split("#")[0]!;
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
    target = await context.newPage();
    await target.route(
      (u) => u.href.split("#")[0] === url,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await target.goto(url);
  }
  const results = await new AxeBuilder({ page: target })
    .setLegacyMode(true)
    .disableRules(["region"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  if (target !== page) await target.context().close();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}
