import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";

// The KYC provider seam: identity (NIN) and business (CAC) lookups. With KYC_API_URL set, its JSON API over HTTP
// (a bearer key; the provider is told the vendor consented, as CAC lookups require); without it, a test mode that
// answers from the number itself, so the whole flow runs on a laptop and in tests. A number is sent to the
// provider and nowhere else: never stored, never logged (identity.server.ts keeps its mask and the reference).

export interface NinAnswer {
  found: boolean;
  reference: string;
  /** The registered name, when found. */
  fullName?: string;
}

export interface CacAnswer {
  found: boolean;
  reference: string;
  companyName?: string;
}

export interface KycProvider {
  lookUpNin(nin: string): Promise<NinAnswer>;
  lookUpCac(rcNumber: string): Promise<CacAnswer>;
}

export class KycUnavailable extends Error {}

const TIMEOUT_MS = 10_000;

/** The provider's API: POST {base}/v1/nin {nin, consent} and POST {base}/v1/cac {rc_number, consent}; 404 when not found. */
export function httpKycProvider(baseUrl: string, apiKey: string): KycProvider {
  async function ask(path: string, body: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl.replace(/\/$/, "")}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ...body, consent: true }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new KycUnavailable("no answer");
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new KycUnavailable(`status ${response.status}`);
    const json: unknown = await response.json().catch(() => null);
    if (!json || typeof json !== "object") throw new KycUnavailable("not JSON");
    return json as Record<string, unknown>;
  }
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : "");
  return {
    async lookUpNin(nin) {
      const answer = await ask("/v1/nin", { nin });
      if (!answer) return { found: false, reference: "" };
      return { found: true, reference: text(answer.reference), fullName: `${text(answer.first_name)} ${text(answer.last_name)}`.trim() };
    },
    async lookUpCac(rcNumber) {
      const answer = await ask("/v1/cac", { rc_number: rcNumber });
      if (!answer) return { found: false, reference: "" };
      return { found: true, reference: text(answer.reference), companyName: text(answer.company_name) };
    },
  };
}

/**
 * Test mode: a NIN of eleven zeros is not found, one ending in 99 belongs to "Test Person" (a name that matches no
 * one), any other belongs to `nameFor` (the vendor's own name, so it matches); an RC number starting with 0 is not
 * found.
 */
export function testKycProvider(nameFor: string): KycProvider {
  const reference = () => `test-${crypto.randomBytes(6).toString("hex")}`;
  return {
    async lookUpNin(nin) {
      if (/^0+$/.test(nin)) return { found: false, reference: "" };
      return { found: true, reference: reference(), fullName: nin.endsWith("99") ? "Test Person" : nameFor };
    },
    async lookUpCac(rc) {
      if (rc.startsWith("0")) return { found: false, reference: "" };
      return { found: true, reference: reference(), companyName: "Test Business Ltd" };
    },
  };
}

let override: KycProvider | undefined;

/** Tests point the checks at a provider of their own (the fake KYC server of tests/fake-kyc.ts) and back. */
export function setKycProviderForTests(next: KycProvider | undefined) {
  override = next;
}

export function kycProvider(nameFor: string): KycProvider {
  if (override) return override;
  const env = getEnv();
  return env.KYC_API_URL && env.KYC_API_KEY ? httpKycProvider(env.KYC_API_URL, env.KYC_API_KEY) : testKycProvider(nameFor);
}

export function isKycTestMode(): boolean {
  const env = getEnv();
  return !override && !(env.KYC_API_URL && env.KYC_API_KEY);
}
