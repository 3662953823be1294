// WOFF 1.0 → plain sfnt (TrueType/OpenType) conversion.
//
// Why: fontkit reads a WOFF font by inflating a table every time it is accessed, and while
// subsetting it reads the `glyf` table once per glyph; with the WOFF files of @fontsource that
// was about 70 % of every render. Decompressing once at start-up (a few milliseconds) and
// registering the plain font makes each render several times faster.
// Format: https://www.w3.org/TR/WOFF/ (header §3, table directory §4, table data §5).

import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;
const TABLES_MAX = 64;

interface TableEntry {
  tag: number;
  offset: number;
  compLength: number;
  origLength: number;
  checksum: number;
}

const padded = (length: number) => (length + 3) & ~3;

function readEntries(woff: Buffer, count: number): TableEntry[] {
  const entries: TableEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    const at = WOFF_HEADER_BYTES + index * WOFF_ENTRY_BYTES;
    const entry = {
      tag: woff.readUInt32BE(at),
      offset: woff.readUInt32BE(at + 4),
      compLength: woff.readUInt32BE(at + 8),
      origLength: woff.readUInt32BE(at + 12),
      checksum: woff.readUInt32BE(at + 16),
    };
    if (entry.offset + entry.compLength > woff.length || entry.compLength > entry.origLength) {
      throw new Error('WOFF table directory points outside the file');
    }
    entries.push(entry);
  }
  return entries;
}

function tableData(woff: Buffer, entry: TableEntry): Buffer {
  const stored = woff.subarray(entry.offset, entry.offset + entry.compLength);
  if (entry.compLength === entry.origLength) return stored;
  const inflated = inflateSync(stored);
  if (inflated.length !== entry.origLength) throw new Error('WOFF table inflated to the wrong length');
  return inflated;
}

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER_BYTES || woff.readUInt32BE(0) !== WOFF_SIGNATURE) {
    throw new Error('not a WOFF 1.0 font');
  }
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  if (count === 0 || count > TABLES_MAX) throw new Error(`WOFF font with ${count} tables`);
  const entries = readEntries(woff, count);

  const directoryBytes = SFNT_HEADER_BYTES + count * SFNT_ENTRY_BYTES;
  const size = entries.reduce((sum, entry) => sum + padded(entry.origLength), directoryBytes);
  const sfnt = Buffer.alloc(size);
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(count * 16 - searchRange, 10);

  // WOFF keeps the directory sorted by tag, as sfnt requires, so the order carries over.
  let dataOffset = directoryBytes;
  entries.forEach((entry, index) => {
    const at = SFNT_HEADER_BYTES + index * SFNT_ENTRY_BYTES;
    sfnt.writeUInt32BE(entry.tag, at);
    sfnt.writeUInt32BE(entry.checksum, at + 4);
    sfnt.writeUInt32BE(dataOffset, at + 8);
    sfnt.writeUInt32BE(entry.origLength, at + 12);
    tableData(woff, entry).copy(sfnt, dataOffset);
    dataOffset += padded(entry.origLength);
  });
  return sfnt;
}
