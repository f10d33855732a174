import { describe, expect, test } from "vitest";
import { parseMapPin, PIN_MESSAGES } from "./map-pin";

describe("a pasted map pin", () => {
  test("coordinates and the links of Google Maps and OpenStreetMap", () => {
    const lekki = { ok: true, lat: 6.4474, lng: 3.4723 };
    for (const text of [
      "6.4474, 3.4723",
      " 6.4474,3.4723 ",
      "https://www.google.com/maps/@6.4474,3.4723,15z",
      "https://www.google.com/maps/place/Ronke's+Lounge/@6.4474,3.4723,17z/data=!3m1",
      "https://maps.google.com/?q=6.4474,3.4723",
      "https://www.google.com/maps/search/?api=1&query=6.4474%2C3.4723",
      "https://www.google.com.ng/maps/@6.4474,3.4723,12z",
      "https://www.openstreetmap.org/?mlat=6.4474&mlon=3.4723#map=17/6.4474/3.4723",
      "https://www.openstreetmap.org/#map=17/6.4474/3.4723",
    ]) {
      expect(parseMapPin(text), text).toEqual(lekki);
    }
  });

  test("a short link, a pin abroad or swapped, and anything hostile are refused with a clear message", () => {
    expect(parseMapPin("https://maps.app.goo.gl/AbCdEf123")).toEqual({ ok: false, message: PIN_MESSAGES.shortLink });
    for (const text of ["51.5072, -0.1276", "3.4723, 6.4474", "https://www.google.com/maps/@40.7,-74.0,12z", "0,0", "-90,-180"]) {
      expect(parseMapPin(text), text).toEqual({ ok: false, message: PIN_MESSAGES.outside });
    }
    for (const text of [
      "",
      "opposite the filling station",
      "javascript:alert(1)//6.4,3.4",
      "https://evil.example/@6.4474,3.4723,15z",
      "data:text/html,<script>alert(1)</script>",
      "6.4474, 3.4723, 5",
      "NaN, NaN",
      "1e3, 5",
      "</script>\"'&\n6.4,3.4",
      "x".repeat(5000),
      "https://www.google.com/maps/@abc,def,15z",
    ]) {
      expect(parseMapPin(text), text).toEqual({ ok: false, message: PIN_MESSAGES.unreadable });
    }
  });
});
