import * as z from "~/utils/zod";

// The code form of /vendor/withdraw/verify and /vendor/withdraw/account. The six boxes each send a part named `code`; a box may also hold the
// whole code (pasted without JavaScript), so the parts are joined before checking.
export const CODE_MESSAGE = "Enter the 6 digits from the e-mail";

export const VerifySchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("verify"),
    code: z
      .array(z.string().max(12, CODE_MESSAGE))
      .max(6, CODE_MESSAGE)
      .transform((parts, ctx) => {
        const code = parts.join("").replace(/\s/g, "");
        if (!/^\d{6}$/.test(code)) ctx.addIssue({ code: "custom", message: CODE_MESSAGE });
        return code;
      }),
  }),
  z.object({ intent: z.literal("resend") }),
]);

/** Reads a code form (every page that asks for an e-mailed code, through app/components/code-form.tsx). */
export const readCodeForm = (formData: FormData) => VerifySchema.safeParse({ intent: formData.get("intent"), code: formData.getAll("code").map(String) });
