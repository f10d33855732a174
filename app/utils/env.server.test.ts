import { describe, expect, test } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("configuration", () => {
  test("an empty environment gets safe defaults: SQLite under data/, port 3000", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("file:./data/glow.sqlite");
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.RATE_LIMIT_FACTOR).toBe(1);
    expect(env.MAIL_PREVIEW).toBe(false);
    expect(env.SEED).toBe(true);
  });

  test("a PostgreSQL URL is accepted", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" }).DATABASE_URL).toMatch(/^postgres:/);
  });

  test("a malformed DATABASE_URL is one clear line naming the variable", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(ConfigError);
    try {
      parseEnv({ DATABASE_URL: "mysql://root:hunter2@db/x" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Configuration error: DATABASE_URL must be file:PATH \(SQLite\) or postgres:\/\//);
      expect(message).not.toContain("hunter2");
      expect(message.split("\n")).toHaveLength(1);
    }
  });

  test("production needs a SESSION_SECRET, and the message says how to make one", () => {
    expect(() => parseEnv({ NODE_ENV: "production", APP_URL: "https://glow.ng", PAYSTACK_SECRET_KEY: "sk" })).toThrow(
      /^Configuration error: SESSION_SECRET is required in production/,
    );
    expect(parseEnv({ NODE_ENV: "production", APP_URL: "https://glow.ng", SESSION_SECRET: "x".repeat(32), PAYSTACK_SECRET_KEY: "sk" }).secureCookies).toBe(
      true,
    );
  });

  test("production refuses MAIL_PREVIEW and the test-mode checkout unless APP_URL is a loopback address", () => {
    const live = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), APP_URL: "https://glow.ng" };
    expect(() => parseEnv({ ...live, MAIL_PREVIEW: "true", PAYSTACK_SECRET_KEY: "sk" })).toThrow(
      /^Configuration error: MAIL_PREVIEW must be off in production/,
    );
    expect(() => parseEnv(live)).toThrow(/^Configuration error: PAYSTACK_SECRET_KEY is required in production/);
    expect(parseEnv({ ...live, PAYSTACK_SECRET_KEY: "sk" }).isProduction).toBe(true);
    for (const APP_URL of ["http://localhost:3100", "http://127.0.0.1:3100", "http://[::1]:3100"]) {
      expect(parseEnv({ ...live, APP_URL, HOST: "127.0.0.1", MAIL_PREVIEW: "true" }).MAIL_PREVIEW).toBe(true);
    }
  });

  test("production needs APP_URL, and the loopback exemptions need a server that listens on loopback only", () => {
    const live = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) };
    expect(() => parseEnv({ ...live, MAIL_PREVIEW: "true", PAYSTACK_SECRET_KEY: "sk" })).toThrow(/^Configuration error: APP_URL is required in production/);
    const loopbackUrl = { ...live, APP_URL: "http://localhost:3100" };
    for (const HOST of [undefined, "0.0.0.0", "::", "192.0.2.2"]) {
      expect(() => parseEnv({ ...loopbackUrl, HOST, MAIL_PREVIEW: "true", PAYSTACK_SECRET_KEY: "sk" })).toThrow(
        /^Configuration error: MAIL_PREVIEW must be off/,
      );
      expect(() => parseEnv({ ...loopbackUrl, HOST })).toThrow(/^Configuration error: PAYSTACK_SECRET_KEY is required in production/);
    }
    for (const HOST of ["127.0.0.1", "localhost", "::1"]) expect(parseEnv({ ...loopbackUrl, HOST, MAIL_PREVIEW: "true" }).MAIL_PREVIEW).toBe(true);
    // A local run of a production build names no APP_URL (localhost by default) and listens on loopback.
    expect(parseEnv({ NODE_ENV: "production", GLOW_LOCAL: "true", HOST: "127.0.0.1" }).APP_URL).toBe("http://localhost:3000");
    expect(() => parseEnv({ NODE_ENV: "production", GLOW_LOCAL: "true", HOST: "0.0.0.0" })).toThrow(/^Configuration error: PAYSTACK_SECRET_KEY/);
  });

  test("production refuses Paystack's test key unless PAYSTACK_TRIAL says a trial is intended", () => {
    const live = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), APP_URL: "https://glow.ng" };
    expect(() => parseEnv({ ...live, PAYSTACK_SECRET_KEY: "sk_test_abc" })).toThrow(
      /^Configuration error: PAYSTACK_SECRET_KEY is Paystack's test key \(sk_test_\.\.\.\): no real money would move/,
    );
    expect(parseEnv({ ...live, PAYSTACK_SECRET_KEY: "sk_test_abc", PAYSTACK_TRIAL: "true" }).PAYSTACK_TRIAL).toBe(true);
    expect(parseEnv({ ...live, PAYSTACK_SECRET_KEY: "sk_live_abc" }).isProduction).toBe(true);
    // A local run of a production build (as the tests make: a loopback address, listening on loopback) may use the test key.
    expect(parseEnv({ ...live, APP_URL: "http://localhost:3100", HOST: "127.0.0.1", PAYSTACK_SECRET_KEY: "sk_test_abc" }).isProduction).toBe(true);
  });

  test("a local production run (npm start on a fresh machine) gets a random secret and no Secure cookies", () => {
    const a = parseEnv({ NODE_ENV: "production", GLOW_LOCAL: "true", HOST: "127.0.0.1" });
    const b = parseEnv({ NODE_ENV: "production", GLOW_LOCAL: "true", HOST: "127.0.0.1" });
    expect(a.SESSION_SECRET).toHaveLength(64);
    expect(a.SESSION_SECRET).not.toBe(b.SESSION_SECRET);
    expect(a.secureCookies).toBe(false);
  });

  test("background work and SMS settings have safe defaults and refuse bad values with one clear line", () => {
    expect(parseEnv({})).toMatchObject({ BACKGROUND_WORK: "inline", TERMII_SENDER_ID: "Glow", TERMII_API_URL: "https://api.ng.termii.com" });
    expect(parseEnv({}).TERMII_API_KEY).toBeUndefined();
    expect(parseEnv({ BACKGROUND_WORK: "off" }).BACKGROUND_WORK).toBe("off");
    expect(() => parseEnv({ BACKGROUND_WORK: "sometimes" })).toThrow(/^Configuration error: BACKGROUND_WORK must be inline or off/);
    expect(() => parseEnv({ TERMII_SENDER_ID: "Glow Beauty Ltd" })).toThrow(/^Configuration error: TERMII_SENDER_ID must be 3 to 11 letters or digits/);
    expect(() => parseEnv({ TERMII_API_URL: "termii" })).toThrow(/^Configuration error: TERMII_API_URL must be the base URL of Termii's API/);
  });

  test("a short secret, a bad port and a non-positive rate-limit factor are refused", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET must be at least 32 characters$/);
    expect(() => parseEnv({ PORT: "http" })).toThrow(/^Configuration error: PORT/);
    expect(() => parseEnv({ RATE_LIMIT_FACTOR: "0" })).toThrow(/RATE_LIMIT_FACTOR must be a positive number/);
  });
  test("S3 storage: the bucket needs its endpoint and keys, a stray S3 setting without a bucket is refused", () => {
    expect(parseEnv({}).s3).toBeUndefined();
    const s3 = {
      S3_BUCKET: "glow-uploads",
      S3_ENDPOINT: "https://s3.eu-west-1.amazonaws.com",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "very-secret",
    };
    expect(parseEnv(s3).s3).toEqual({
      bucket: "glow-uploads",
      endpoint: "https://s3.eu-west-1.amazonaws.com",
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "very-secret",
    });
    expect(() => parseEnv({ S3_BUCKET: "glow-uploads" })).toThrow("Configuration error: S3_ENDPOINT is required when S3_BUCKET is set");
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "ftp://files" })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => parseEnv({ ...s3, S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => parseEnv({ S3_PUBLIC_URL: "https://cdn.glow.ng" })).toThrow("S3_PUBLIC_URL is set but S3_BUCKET is not");
  });
});
