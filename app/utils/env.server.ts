import crypto from "node:crypto";
import * as z from "~/utils/zod";

// Every setting the app reads, with a safe default, validated once at start-up.
// A bad value stops the server with one line that says what to fix; see `loadEnvOrExit`.

const DEV_SECRET = "dev-only-secret-change-me-dev-only-secret";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .default("file:./data/glow.sqlite")
      .refine((v) => /^file:.+/.test(v) || /^postgres(ql)?:\/\/[^\s]+$/.test(v), "must be file:PATH (SQLite) or postgres://USER@HOST:PORT/DB"),
    /** PostgreSQL schema to use (created if missing); lets test workers share one database. */
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a lower-case SQL identifier")
      .optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    APP_URL: z.url({ message: "must be an absolute URL such as https://glow.ng" }).optional(),
    /** The address the server listens on; server/listen-host.mjs sets 127.0.0.1 when APP_URL is unset or loopback. */
    HOST: z.string().max(255).optional(),
    SMTP_URL: z.url({ message: "must be a URL such as smtp://user:pass@host:587" }).optional(),
    MAIL_PREVIEW: flag,
    PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
    /** A production site may run on Paystack's test key (sk_test_...) only when this says a trial is intended. */
    PAYSTACK_TRIAL: flag,
    /** Paystack's API base; only tests point it elsewhere (a local fake of the API). */
    PAYSTACK_API_URL: z.url({ message: "must be the base URL of Paystack's API" }).default("https://api.paystack.co"),
    /** Termii (SMS): with a key, text messages go out through Termii's API; without one they stay in the outbox. */
    TERMII_API_KEY: z.string().min(1).optional(),
    /** The sender ID registered with Termii (3-11 letters or digits). */
    TERMII_SENDER_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{3,11}$/, "must be 3 to 11 letters or digits (the sender ID registered with Termii)")
      .default("Glow"),
    /** Termii's secret key (its developer console): delivery reports to /webhooks/termii are signed with it; without it they are refused. */
    TERMII_SECRET_KEY: z.string().min(1).optional(),
    /** Termii's API base; only tests point it elsewhere (a local fake of the API). */
    TERMII_API_URL: z.url({ message: "must be the base URL of Termii's API" }).default("https://api.ng.termii.com"),
    /** A KYC provider for identity (NIN) and business (CAC) checks; without it a test mode (models/trust/kyc.server.ts). */
    KYC_API_URL: z.url({ message: "must be the base URL of the KYC provider's API" }).optional(),
    KYC_API_KEY: z.string().min(1).optional(),
    /** WhatsApp Cloud API: with a token and the phone number's ID, appointment messages go out as approved utility templates. */
    WHATSAPP_TOKEN: z.string().min(1).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,20}$/, "must be the digits of the WhatsApp Business phone number's ID")
      .optional(),
    /** The Cloud API's base with its version; only tests point it elsewhere (a local fake of the API). */
    WHATSAPP_API_URL: z.url({ message: "must be the base URL of the WhatsApp Cloud API" }).default("https://graph.facebook.com/v21.0"),
    /** The Meta app's secret: status callbacks to /webhooks/whatsapp carry its X-Hub-Signature-256; without it they are refused. */
    WHATSAPP_APP_SECRET: z.string().min(1).optional(),
    /** The token Meta echoes when the callback URL is registered (GET /webhooks/whatsapp?hub.verify_token=...). */
    WHATSAPP_VERIFY_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
    /** The language code the templates were approved in. */
    WHATSAPP_TEMPLATE_LANGUAGE: z
      .string()
      .regex(/^[a-z]{2}(?:_[A-Z]{2})?$/, "must be a template language code such as en or en_US")
      .default("en"),
    AUTH_API_URL: z.url({ message: "must be the base URL of an auth backend" }).optional(),
    RATE_LIMIT_FACTOR: z.coerce.number().positive("must be a positive number").default(1),
    /** Seed the sample catalogue and demo accounts into an empty database (default on). */
    SEED: z.enum(["true", "false"]).default("true"),
    /** Where due work runs: in every app process (inline) or only in `npm run worker` processes (off). */
    BACKGROUND_WORK: z.enum(["inline", "off"], { message: "must be inline or off" }).default("inline"),
    /**
     * How long a claimed job stays with its process before another may take it (a process killed mid-job). Longer
     * than the slowest job; the default is app/models/jobs/durations.ts JOB_LEASE.
     */
    BACKGROUND_WORK_LEASE_SECONDS: z.coerce.number().int().min(5, "must be at least 5").max(86_400).optional(),
    /** How many proxies in front of the app append to X-Forwarded-For (read by server/app.mjs too). */
    TRUST_PROXY: z.coerce.number().int().min(0, "must be a whole number from 0 to 10").max(10, "must be a whole number from 0 to 10").default(0),
    /** Set by `npm start` when the operator did not choose NODE_ENV: a production build run locally. */
    GLOW_LOCAL: flag,
    /** Uploaded files go to this S3-compatible bucket instead of the data folder (with the S3_* settings below). */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lower-case letters, digits, dots, dashes)")
      .optional(),
    /** The store's address, e.g. https://s3.eu-west-1.amazonaws.com or https://<account>.r2.cloudflarestorage.com. */
    S3_ENDPOINT: z
      .url({ message: "must be the object store's URL, e.g. https://s3.eu-west-1.amazonaws.com" })
      .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL")
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, "must be a region name such as eu-west-1 (auto for R2)")
      .default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** A public bucket or CDN address that serves the same keys; pictures are then linked there, not to the app. */
    S3_PUBLIC_URL: z
      .url({ message: "must be an absolute URL such as https://cdn.glow.ng/uploads" })
      .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL")
      .optional(),
  })
  .superRefine((env, ctx) => {
    const s3Parts = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const;
    if (env.S3_BUCKET) {
      for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when S3_BUCKET is set" });
      }
    } else {
      const stray = s3Parts.find((name) => env[name]);
      if (stray) ctx.addIssue({ code: "custom", path: [stray], message: "is set but S3_BUCKET is not (set the bucket to store uploads in S3)" });
    }
    // A deployment names its public URL: links in e-mails and the allowed Origin come from it. A local run of a
    // production build (`npm start` without NODE_ENV) defaults it to localhost.
    if (env.NODE_ENV === "production" && !env.GLOW_LOCAL && !env.APP_URL) {
      ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "is required in production (the site's public URL, e.g. https://glow.ng)" });
      return;
    }
    // Settings that hand anyone reset links or free payments are for a trial on this machine only: in production
    // they need APP_URL to be a loopback address and the server to listen on loopback only (a local run of a
    // production build, as the tests make). The URL alone is not enough: it says what the app calls itself, not who
    // can reach it.
    const loopbackOnly = isLoopback(env.APP_URL ?? `http://localhost:${env.PORT}`) && isLoopbackHost(env.HOST);
    if (env.NODE_ENV === "production" && !loopbackOnly) {
      if (env.MAIL_PREVIEW) {
        ctx.addIssue({
          code: "custom",
          path: ["MAIL_PREVIEW"],
          message:
            "must be off in production: /dev/mail.json would show every reset link to anyone (allowed only when APP_URL is a loopback address and HOST is unset or loopback)",
        });
      }
      if (!env.PAYSTACK_SECRET_KEY) {
        ctx.addIssue({
          code: "custom",
          path: ["PAYSTACK_SECRET_KEY"],
          message:
            "is required in production: without it the test-mode checkout lets anyone mark a payment paid (allowed only when APP_URL is a loopback address and HOST is unset or loopback)",
        });
      } else if (env.PAYSTACK_SECRET_KEY.startsWith("sk_test_") && !env.PAYSTACK_TRIAL) {
        ctx.addIssue({
          code: "custom",
          path: ["PAYSTACK_SECRET_KEY"],
          message:
            "is Paystack's test key (sk_test_...): no real money would move. Use the live key (sk_live_...), or set PAYSTACK_TRIAL=true if a trial is intended",
        });
      }
    }
    if (Boolean(env.WHATSAPP_TOKEN) !== Boolean(env.WHATSAPP_PHONE_NUMBER_ID)) {
      const missing = env.WHATSAPP_TOKEN ? "WHATSAPP_PHONE_NUMBER_ID" : "WHATSAPP_TOKEN";
      ctx.addIssue({ code: "custom", path: [missing], message: "is required with the other WhatsApp key (both switch WhatsApp on; neither leaves it off)" });
    }
    if (env.NODE_ENV === "production" && !env.GLOW_LOCAL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production (at least 32 random characters, e.g. `openssl rand -hex 32`)",
      });
    }
  })
  .transform((env) => ({
    ...env,
    isProduction: env.NODE_ENV === "production",
    /** Cookies get the Secure flag in a real deployment, not on a local http://localhost run. */
    secureCookies: env.NODE_ENV === "production" && !env.GLOW_LOCAL,
    // A local run gets a fresh random secret per process: nothing signed by a public constant is ever accepted.
    SESSION_SECRET: env.SESSION_SECRET ?? (env.GLOW_LOCAL ? crypto.randomBytes(32).toString("hex") : DEV_SECRET),
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    SEED: env.SEED === "true",
    s3:
      env.S3_BUCKET && env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
  }));

export type Env = z.infer<typeof EnvSchema>;

/** Whether a URL names this machine: localhost, 127.0.0.0/8 or [::1]. */
export function isLoopback(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]";
}

/** Whether a listening address is this machine only (127.0.0.0/8, ::1, localhost); unset means every interface. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  return host === "localhost" || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1" || host === "[::1]";
}

export class ConfigError extends Error {}

/** Parses a set of variables; throws ConfigError whose message is one line naming the variable to fix. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings as unset so `FOO= npm start` means "use the default".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.join(".") || "environment";
  const value = cleaned[name];
  // Echo the bad value to help the operator, but never a secret or a password inside a URL.
  const shown = typeof value !== "string" || /SECRET|KEY/.test(name) ? undefined : value.replace(/\/\/[^@/]*@/, "//***@");
  const got = shown === undefined ? "" : ` (got ${JSON.stringify(shown)})`;
  throw new ConfigError(`Configuration error: ${name} ${issue.message}${got}`);
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Called once when the server module loads: a bad setting ends the process with one clear line. */
export function loadEnvOrExit(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
