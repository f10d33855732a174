import sharp from "sharp";

// Test pictures made on the spot: a phone-sized JPEG with the EXIF a phone writes (camera, owner, GPS position,
// orientation), and a PNG whose header claims more pixels than anyone should decode.

/** A 4000x3000 JPEG (about 1-3 MB) with GPS EXIF; `orientation: 6` means "rotate 90° to view", as phones write. */
export async function phoneJpeg(options: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 4000;
  const height = options.height ?? 3000;
  // Noise, so the encoder has real work and the file has a phone photo's size.
  const noise = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: "gaussian", mean: 128, sigma: 30 } },
  })
    .png()
    .toBuffer();
  const gps = { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "3/1 23/1 4567/100" };
  return (
    sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 120 } } })
      .composite([{ input: noise, tile: true, blend: "overlay" }])
      .jpeg({ quality: 80 })
      // Lagos, near the vendor's home: exactly what must never reach a customer.
      .withExif({ IFD0: { Make: "Tecno", Model: "Camon 20", Artist: "Home Owner" }, IFD3: gps })
      .withMetadata({ orientation: options.orientation ?? 1 })
      .toBuffer()
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A few hundred bytes whose PNG header says width x height: a decompression bomb when large. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "white" } })
      .png()
      .toBuffer(),
  );
  // IHDR's data starts after the 8-byte signature, 4-byte length and 4-byte type.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
