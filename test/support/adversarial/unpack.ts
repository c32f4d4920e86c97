/**
 * What a cache entry or an artifact holds, for scanning: a cache entry is a
 * tar compressed with zstd (or gzip when zstd is not installed), an artifact
 * a zip. Returns the uncompressed bytes (the tar as one buffer, each zip
 * entry as one); anything else is returned as it is.
 */
import { gunzipSync, inflateRawSync, zstdDecompressSync } from "node:zlib";

export function unpackBlob(blob: Buffer): Buffer[] {
  if (blob.readUInt32LE(0) === 0xfd2fb528) return [zstdDecompressSync(blob)];
  if (blob[0] === 0x1f && blob[1] === 0x8b) return [gunzipSync(blob)];
  if (blob.readUInt32LE(0) === 0x04034b50) return unzip(blob);
  return [blob];
}

function unzip(zip: Buffer): Buffer[] {
  // The end of central directory record: its signature, searched from the end.
  let end = -1;
  for (let i = zip.length - 22; i >= 0; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("not a zip: no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: Buffer[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + size);
    out.push(method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}
