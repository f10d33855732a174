import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession, type ToastMessage } from "remix-toast";
import { getEnv } from "./env.server";

// The one seam to remix-toast. Its default cookie is unsigned with a public secret, so it gets
// our own signed, httpOnly, SameSite=Lax cookie. Imported only from server modules, so it never reaches the browser.

let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

function toastUtils() {
  if (!utils) {
    const env = getEnv();
    const storage = createCookieSessionStorage({
      cookie: {
        name: "glow_toast",
        httpOnly: true,
        sameSite: "lax",
        secure: env.secureCookies,
        path: "/",
        secrets: [env.SESSION_SECRET],
      },
    });
    utils = createToastUtilsWithCustomSession(storage);
  }
  return utils;
}

export type FlashToast = ToastMessage;

/** Reads and clears the flash toast; the returned headers must be sent with the response. */
export const getToast = (request: Request) => toastUtils().getToast(request);

// Prefer redirects (post/redirect/get): a toast on a non-redirect response shows one page late without JS.
export const redirectWithSuccess = (url: string, message: string, init?: ResponseInit) => toastUtils().redirectWithSuccess(url, message, init);
export const redirectWithError = (url: string, message: string, init?: ResponseInit) => toastUtils().redirectWithError(url, message, init);
export const redirectWithInfo = (url: string, message: string, init?: ResponseInit) => toastUtils().redirectWithInfo(url, message, init);
export const redirectWithToast = (url: string, toast: ToastMessage, init?: ResponseInit) => toastUtils().redirectWithToast(url, toast, init);
