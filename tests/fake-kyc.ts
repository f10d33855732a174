import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for the KYC provider's API (models/trust/kyc.server.ts), driven over HTTP: POST /v1/nin and /v1/cac
// with a bearer key. It knows the NINs and RC numbers it is given, answers 404 for others, and remembers every
// request body so tests can see what was sent. `failNext` makes the next answer a 503.

export interface FakeKyc {
  url: string;
  key: string;
  requests: { path: string; body: Record<string, unknown>; auth: string | undefined }[];
  people: Map<string, { first_name: string; last_name: string }>;
  companies: Map<string, string>;
  failNext: () => void;
  close: () => Promise<void>;
}

export async function startFakeKyc(): Promise<FakeKyc> {
  const key = "test-kyc-key";
  const requests: FakeKyc["requests"] = [];
  const people = new Map<string, { first_name: string; last_name: string }>();
  const companies = new Map<string, string>();
  let failing = false;
  let serial = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const body = (JSON.parse(raw || "{}") ?? {}) as Record<string, unknown>;
      requests.push({ path: req.url ?? "", body, auth: req.headers.authorization });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (failing) {
        failing = false;
        return reply(503, { message: "down" });
      }
      if (req.headers.authorization !== `Bearer ${key}` || body.consent !== true) return reply(401, { message: "unauthorised" });
      const reference = `kyc-${++serial}`;
      if (req.url === "/v1/nin") {
        const person = people.get(String(body.nin));
        return person ? reply(200, { reference, ...person }) : reply(404, { message: "not found" });
      }
      if (req.url === "/v1/cac") {
        const company = companies.get(String(body.rc_number));
        return company ? reply(200, { reference, company_name: company }) : reply(404, { message: "not found" });
      }
      reply(404, { message: "no such endpoint" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    people,
    companies,
    failNext: () => (failing = true),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
