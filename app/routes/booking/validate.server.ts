import { getZodConstraint } from "@conform-to/zod/v4";
import { BookingSchema } from "./schema";

// The loader and the action reach the schema only through this module. A `.server` module is empty in the browser
// build, so the page's first view carries neither conform nor zod: the browser loads ./validate.tsx when the form
// is first used. (Importing them in route.tsx, even only for the action, would keep them: esbuild drops the unused
// code but still makes the route import the chunks that hold it.)
export { validateBooking } from "./validate";

/** The schema's HTML constraints (required, pattern...), sent with the page so rendering needs no zod. */
export const bookingConstraint = getZodConstraint(BookingSchema);

export { MAX_ROW_ID } from "~/utils/row-id";
