import { isDraining } from "~/http/shutdown.server";
import { databaseAnswers } from "~/models/system/health.server";

// GET /healthz: 200 once the database is migrated and answers; 503 while starting, failing or shutting down.
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (isDraining()) return Response.json({ status: "draining" }, { status: 503, headers });
  if (await databaseAnswers()) return Response.json({ status: "ok" }, { headers });
  return Response.json({ status: "unavailable" }, { status: 503, headers });
}
