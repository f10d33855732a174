import { parseWithZod } from "@conform-to/zod/v4";
import { BookingSchema } from "./schema";

// The browser's copy of the action's validation: the very same schema through the same adapter. The booking page
// imports this module on the first interaction with its form, so zod is not part of the page's first view.
export const validateBooking = (formData: FormData) => parseWithZod(formData, { schema: BookingSchema });
