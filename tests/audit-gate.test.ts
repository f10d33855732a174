import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";

// scripts/audit.mjs against a stand-in `npm` on PATH that answers as the registry would: the gate's decisions,
// without depending on an advisory service this machine cannot reach.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-audit-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function gate(answer: unknown, env: Record<string, string> = {}) {
  const file = path.join(dir, "answer.json");
  fs.writeFileSync(file, JSON.stringify(answer));
  fs.writeFileSync(path.join(dir, "npm"), `#!/bin/sh\necho "$@" > "${file}.args"\ncat "${file}"\n`, { mode: 0o755 });
  const run = spawnSync(process.execPath, ["scripts/audit.mjs"], {
    encoding: "utf8",
    env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, AUDIT_REQUIRED: "", ...env },
  });
  return { status: run.status, out: run.stdout, args: fs.readFileSync(`${file}.args`, "utf8").trim() };
}

const clean = { metadata: { vulnerabilities: { low: 2, moderate: 1, high: 0, critical: 0 } }, vulnerabilities: {} };
const high = {
  metadata: { vulnerabilities: { low: 0, moderate: 0, high: 1, critical: 0 } },
  vulnerabilities: { "some-lib": { severity: "high", range: "<1.2.3" } },
};
const refused = { message: "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk" };

describe("npm audit gate (scripts/audit.mjs)", () => {
  test("passes when production dependencies have no high or critical advisory", () => {
    expect(gate(clean)).toMatchObject({
      status: 0,
      out: expect.stringContaining("0 critical, 0 high, 1 moderate, 2 low"),
      args: "audit --omit=dev --json", // what ships only, not devDependencies
    });
  });

  test("fails on a high advisory and names the package", () => {
    const run = gate(high);
    expect(run.status).toBe(1);
    expect(run.out).toContain("high: some-lib <1.2.3");
  });

  test("an advisory service that cannot be asked is said plainly, and fails when the gate is required", () => {
    expect(gate(refused)).toMatchObject({ status: 0, out: expect.stringContaining("was NOT applied") });
    expect(gate(refused, { AUDIT_REQUIRED: "1" }).status).toBe(1);
  });
});
