import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFile } from "~/models/appointments/calendar-file.server";
import { getCustomerAppointment } from "~/models/appointments/lists.server";
import { BOOKING_REF } from "~/models/booking/quote";
import { CUSTOMER_STATUS_LABEL, hasCalendarEntry, stylistOf } from "~/models/appointments/views";
import { requireUser } from "~/http/session.server";
import { invariantResponse } from "~/utils/http.server";

// GET /user/appointment/calendar.ics?ref=GLW-XXXXXX: the appointment as a calendar file (the detail's Calendar).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const ref = new URL(request.url).searchParams.get("ref") ?? "";
  invariantResponse(BOOKING_REF.test(ref), "That booking reference isn't valid.", 400);
  const a = await getCustomerAppointment(user.id, ref);
  invariantResponse(a, "We couldn't find that appointment.", 404);
  invariantResponse(hasCalendarEntry(a.status), `This appointment is ${CUSTOMER_STATUS_LABEL[a.status].toLowerCase()}: it has no calendar entry.`, 409);
  const place = a.location_type === "home" && a.location_address ? a.location_address : `${a.business_name}, ${a.address}`;
  return new Response(calendarFile({ ...a, member_name: stylistOf(a), place }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="glow-${a.ref}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
