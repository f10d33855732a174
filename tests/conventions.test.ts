import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

test("the app imports zod only through ~/utils/zod, which makes it jitless in the browser (no CSP violation)", () => {
  const direct = sources("app").filter((file) => file !== path.join("app", "utils", "zod.ts") && /from ["']zod(\/[^"']*)?["']/.test(fs.readFileSync(file, "utf8")));
  expect(direct).toEqual([]);
});
