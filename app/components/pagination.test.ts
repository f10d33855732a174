import { describe, expect, test } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow: at most 10 page links around the current page", () => {
  test("few pages: all of them", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  test("many pages: 10, keeping the current one inside", () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(25, 50)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(pageWindow(50, 50)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    for (let page = 1; page <= 50; page++) {
      const links = pageWindow(page, 50);
      expect(links).toHaveLength(10);
      expect(links).toContain(page);
    }
  });
});
