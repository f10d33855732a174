// The address the server listens on when HOST is not set. A server whose public URL (APP_URL) is this machine, or
// that names none (a local `npm start`), serves this machine only: the trial settings that production allows there
// (MAIL_PREVIEW, the test-mode checkout; app/utils/env.server.ts) must not reach the network. Otherwise every
// interface, as before.

const LOOPBACK_URL_HOST = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** @param {Record<string, string | undefined>} env */
export function defaultListenHost(env) {
  if (env.HOST) return env.HOST;
  if (!env.APP_URL) return "127.0.0.1";
  let host;
  try {
    host = new URL(env.APP_URL).hostname;
  } catch {
    return undefined;
  }
  return LOOPBACK_URL_HOST.test(host) ? "127.0.0.1" : undefined;
}
