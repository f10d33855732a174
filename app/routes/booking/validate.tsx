import { parseWithZod } from "@conform-to/zod/v4";
import { ConformLive } from "~/components/conform-live";
import { BookingSchema } from "./schema";

// The booking form's validation: the action's (through ./validate.server.ts) and, loaded on the form's first use,
// the browser's: the very same schema through the same adapter.

export const validateBooking = (formData: FormData) => parseWithZod(formData, { schema: BookingSchema });

export function BookingValidation(props: Omit<Parameters<typeof ConformLive>[0], "formId" | "validate">) {
  return <ConformLive {...props} formId="booking" validate={validateBooking} />;
}
