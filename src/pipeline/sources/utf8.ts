/** Strict UTF-8 decoding that says where broken bytes are. */

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The decoded text, or the byte offset of the first invalid sequence. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { invalidAt: number } {
  try {
    return { text: decoder.decode(bytes) };
  } catch {
    return { invalidAt: firstInvalidByte(bytes) };
  }
}

/** 1-based line of a byte offset. */
export function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 10) line++;
  return line;
}

function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    try {
      decoder.decode(bytes.subarray(i, i + length));
    } catch {
      return i; // overlong, surrogate or out-of-range sequence
    }
    i += length;
  }
  return bytes.length;
}
