import { describe, expect, it } from "vitest";
import { pickEncoding } from "./compression.server";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, and honours q values, including q=0 as a refusal", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding("BR")).toBe("br");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*;q=0, gzip;q=0")).toBeNull();
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding("deflate")).toBeNull();
    expect(pickEncoding("")).toBeNull();
    expect(pickEncoding(null)).toBeNull();
    expect(pickEncoding("gzip;q=banana, br;q=")).toBeNull();
  });
});
