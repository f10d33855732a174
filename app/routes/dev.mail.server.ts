// What dev.mail.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them
// (see the top of scripts/check-bundle.mjs).
export { recentMail } from "~/models/mail.server";
export { getEnv } from "~/utils/env.server";
export { invariantResponse } from "~/utils/http.server";
