import zlib from 'node:zlib';

export type ChecksumResult = 'valid' | 'invalid' | 'absent';

function xor8(text: string): number {
  let value = 0;
  for (let i = 0; i < text.length; i += 1) value ^= text.charCodeAt(i) & 0xff;
  return value;
}

function crc16Ccitt(text: string): number {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i += 1) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let b = 0; b < 8; b += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function sum16(text: string): number {
  let value = 0;
  for (let i = 0; i < text.length; i += 1) value = (value + (text.charCodeAt(i) & 0xff)) & 0xffff;
  return value;
}

/** The checksums vendors send, by their width in hex digits. */
const ALGORITHMS: Record<number, ((text: string) => number)[]> = {
  2: [xor8],
  4: [crc16Ccitt, sum16],
  8: [(text) => zlib.crc32(text) >>> 0],
};

const HEX_TEXT = /^[0-9A-Fa-f]+$/;

export const isChecksumText = (text: string) => text.length in ALGORITHMS && HEX_TEXT.test(text);

/**
 * Checks a checksum sent by the device over the text it may cover. Vendors differ on whether the
 * leading `$` (and the comma before an inline checksum) is included, so each reading is tried.
 */
export function verifyChecksum(candidates: string[], sent: string): ChecksumResult {
  if (!isChecksumText(sent)) return 'absent';
  const expected = parseInt(sent, 16);
  for (const algorithm of ALGORITHMS[sent.length] ?? []) {
    for (const text of candidates) {
      if (text.startsWith('$') && algorithm(text.slice(1)) === expected) return 'valid';
      if (algorithm(text) === expected) return 'valid';
    }
  }
  return 'invalid';
}

/** The 2-hex XOR checksum the simulator appends (the most common one in the field). */
export const xorChecksum = (text: string) => xor8(text).toString(16).toUpperCase().padStart(2, '0');
