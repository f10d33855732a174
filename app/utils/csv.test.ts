import { describe, expect, test } from "vitest";
import { csvCell, nairaCell, toCsv } from "./csv";

describe("CSV cells", () => {
  test("commas, quotes and line breaks are quoted, quotes doubled; plain text stays plain", () => {
    expect(csvCell("Ada")).toBe("Ada");
    expect(csvCell("Lekki, Lagos")).toBe('"Lekki, Lagos"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\r\nlf")).toBe('"cr\r\nlf"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  test("a cell a spreadsheet would run as a formula starts with an apostrophe; our own negative amounts do not", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+2348030000000")).toBe("'+2348030000000");
    expect(csvCell("-1+1")).toBe("'-1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell(-1500)).toBe("-1500");
    expect(csvCell("Ada=Obi")).toBe("Ada=Obi");
    expect(csvCell("-1.05")).toBe("-1.05");
    expect(csvCell("-1.05e3")).toBe("'-1.05e3");
  });

  test("rows end with CRLF and amounts are naira with two decimals", () => {
    expect(toCsv(["A", "B"], [["x, y", 1]])).toBe('A,B\r\n"x, y",1\r\n');
    expect(nairaCell(750_000)).toBe("7500.00");
    expect(nairaCell(-105)).toBe("-1.05");
    expect(nairaCell(0)).toBe("0.00");
  });
});
