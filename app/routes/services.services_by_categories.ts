import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "~/utils/zod";
import { servicesByCategory } from "~/models/catalogue/category-pages.server";
import { assertSameOrigin, readBounded } from "~/utils/http.server";

// POST /services/services_by_categories: JSON { "category_id": 1 } -> { "data": [...] }, the
// category's active services. Category ids are categories.id; 1 is men's (the first category seeded).

const MAX_BODY = 1024;

const BodySchema = z.object({
  category_id: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().positive().max(2_147_483_647)),
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Use POST." }, 405);
  assertSameOrigin(request);
  if (!(request.headers.get("Content-Type") ?? "").startsWith("application/json")) return json({ error: "Send a JSON body." }, 415);
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_BODY) return json({ error: "That body is too large." }, 413);
  const bytes = await readBounded(request, MAX_BODY);
  if (bytes === null) return json({ error: "That body is too large." }, 413);
  const text = bytes.toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ error: "That body is not valid JSON." }, 400);
  }
  const parsed = BodySchema.safeParse(body);
  if (!parsed.success) return json({ error: "category_id must be a category's number, e.g. 1." }, 422);
  const data = await servicesByCategory(parsed.data.category_id);
  if (!data) return json({ error: "There is no category with that id." }, 404);
  return json({ data });
}

export function loader() {
  return json({ error: 'Use POST with a JSON body such as {"category_id": 1}.' }, 405);
}
