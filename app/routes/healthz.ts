import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { isDraining } from "~/utils/shutdown.server";

// GET /healthz: 200 once the database is migrated and answers; 503 while starting, failing or shutting down.
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (isDraining()) return Response.json({ status: "draining" }, { status: 503, headers });
  try {
    const db = await getDb();
    await sql`select 1`.execute(db);
    return Response.json({ status: "ok" }, { headers });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers });
  }
}
