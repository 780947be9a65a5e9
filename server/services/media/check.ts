import { open, type FileHandle } from 'node:fs/promises';
import { checkImage } from './images';

/**
 * The whole file checked to be what its first bytes claim: images are decoded, video
 * containers walked from start to end, a PDF must end as one does. Returns false for a
 * file that only starts like its type (a polyglot, a truncated or padded file).
 */
export async function contentMatches(file: string, format: string, bytes: number): Promise<boolean> {
  try {
    switch (format) {
      case 'jpg':
      case 'png':
      case 'gif':
      case 'webp':
        return await decodes(file, format);
      case 'mp4':
      case 'mov':
        return await withFile(file, (fh) => isoBoxes(fh, bytes));
      case 'webm':
        return await withFile(file, (fh) => ebml(fh, bytes));
      case 'ogg':
        return await withFile(file, (fh) => oggPages(fh, bytes));
      case 'pdf':
        return await withFile(file, (fh) => pdfEnds(fh, bytes));
      default:
        return false;
    }
  } catch {
    return false;
  }
}

/** Decodes every pixel of every frame within the pixel budget (images.ts); a truncated, corrupt or oversized image fails. */
async function decodes(file: string, format: string): Promise<boolean> {
  return (await checkImage(file, format)) === 'ok';
}

async function withFile<T>(file: string, use: (fh: FileHandle) => Promise<T>): Promise<T> {
  const fh = await open(file, 'r');
  try {
    return await use(fh);
  } finally {
    await fh.close();
  }
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** MP4/MOV: top-level boxes chained exactly to the end, "ftyp" first and a "moov" among them. */
async function isoBoxes(fh: FileHandle, bytes: number): Promise<boolean> {
  let offset = 0;
  let count = 0;
  let hasMoov = false;
  while (offset < bytes) {
    const head = await readAt(fh, offset, 16);
    if (head.length < 8) return false;
    const type = head.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    if (count === 0 && type !== 'ftyp') return false;
    let size = head.readUInt32BE(0);
    if (size === 1) {
      if (head.length < 16) return false;
      size = Number(head.readBigUInt64BE(8));
      if (size < 16) return false;
    } else if (size === 0)
      size = bytes - offset; // the last box runs to the end of the file
    else if (size < 8) return false;
    if (type === 'moov') hasMoov = true;
    offset += size;
    count++;
  }
  return offset === bytes && hasMoov;
}

/** An EBML variable-length integer at `at`: its value and length; all ones means "unknown size". */
function vint(buffer: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | undefined {
  const first = buffer[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > buffer.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buffer[at + i];
    if (buffer[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** WebM: an EBML header whose DocType is "webm", then a Segment that fits in the file. */
async function ebml(fh: FileHandle, bytes: number): Promise<boolean> {
  const head = await readAt(fh, 0, 4096);
  const id = vint(head, 0, true);
  if (id?.value !== 0x1a45dfa3) return false;
  const size = vint(head, id.length, false);
  if (!size || size.unknown) return false;
  const start = id.length + size.length;
  const end = start + size.value;
  if (end > head.length) return false;
  let docType = '';
  for (let at = start; at < end; ) {
    const element = vint(head, at, true);
    const length = element && vint(head, at + element.length, false);
    if (!element || !length || length.unknown) return false;
    const data = at + element.length + length.length;
    if (element.value === 0x4282) docType = head.toString('latin1', data, data + length.value);
    at = data + length.value;
    if (at > end) return false;
  }
  if (docType !== 'webm') return false;
  const segmentHead = await readAt(fh, end, 16);
  const segment = vint(segmentHead, 0, true);
  const segmentSize = segment && vint(segmentHead, segment.length, false);
  if (segment?.value !== 0x18538067 || !segmentSize) return false;
  return segmentSize.unknown || end + segment.length + segmentSize.length + segmentSize.value <= bytes;
}

/** Ogg: pages ("OggS", version 0) chained exactly to the end of the file, the first one starting a stream. */
async function oggPages(fh: FileHandle, bytes: number): Promise<boolean> {
  let offset = 0;
  while (offset < bytes) {
    const head = await readAt(fh, offset, 27 + 255);
    if (head.length < 27 || head.toString('latin1', 0, 4) !== 'OggS' || head[4] !== 0) return false;
    if (offset === 0 && (head[5] & 0x02) === 0) return false;
    const segments = head[26];
    if (head.length < 27 + segments) return false;
    let body = 0;
    for (let i = 0; i < segments; i++) body += head[27 + i];
    offset += 27 + segments + body;
  }
  return offset === bytes;
}

/** PDF: "%%EOF" in the last kilobyte, as every PDF writer ends a file. */
async function pdfEnds(fh: FileHandle, bytes: number): Promise<boolean> {
  const tail = await readAt(fh, Math.max(0, bytes - 1024), Math.min(bytes, 1024));
  return tail.includes('%%EOF', 0, 'latin1');
}
