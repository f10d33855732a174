import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/http/session.server";
import { eraseSalonRecords } from "~/models/clients/client-export.server";
import { assertSameOrigin } from "~/utils/http.server";
import { redirectWithSuccess } from "~/utils/toast.server";

// POST /user/profile/salon-records: the person asks that what salons hold about them be erased (their notes, and the
// phone and e-mail the salons were given; docs/domain.md, "Clients"). From the profile page's "Your data" card.
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const notes = await eraseSalonRecords(user.id);
  return redirectWithSuccess(
    "/user/profile#your-data",
    notes ? `Erased ${notes === 1 ? "1 note" : `${notes} notes`} salons kept about you.` : "Salons keep no notes about you now.",
    {
      status: 303,
    },
  );
}

/** A GET has nothing to show: the profile page has the form. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw new Response("Use the form on your profile page.", { status: 405, headers: { Allow: "POST" } });
}
