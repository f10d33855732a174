import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/http/session.server";
import { exportAccountData } from "~/models/clients/client-export.server";
import { lagosToday } from "~/utils/time";

// GET /user/profile/data.json: the signed-in person's own data as a download, with what every salon holds about them
// (docs/domain.md, "Clients"). Never cached: it is one person's.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const body = JSON.stringify(await exportAccountData(user.id), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="glow-data-${lagosToday()}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
