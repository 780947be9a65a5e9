import { describe, expect, it } from 'vitest';
import { sniff } from '@server/services/media/store';
import { SAMPLE_FILES } from '../../helpers';

describe('media sniffing', () => {
  it('recognises each allowed type by its first bytes', () => {
    expect(sniff(SAMPLE_FILES.png)?.format).toBe('png');
    expect(sniff(SAMPLE_FILES.jpeg)?.format).toBe('jpg');
    expect(sniff(SAMPLE_FILES.gif)?.format).toBe('gif');
    expect(sniff(SAMPLE_FILES.mp4)?.format).toBe('mp4');
    expect(sniff(SAMPLE_FILES.pdf)?.format).toBe('pdf');
    expect(sniff(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))?.format).toBe('webp');
    expect(sniff(Buffer.from('OggS\0\x02', 'latin1'))?.kind).toBe('video');
    expect(sniff(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ', 'latin1')]))?.format).toBe('mov');
    expect(sniff(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('\x42\x82\x84webm', 'latin1')]))?.format).toBe('webm');
  });

  it('knows nothing of HTML, text, SVG or empty content', () => {
    expect(sniff(SAMPLE_FILES.htmlAsPng)).toBeUndefined();
    expect(sniff(SAMPLE_FILES.text)).toBeUndefined();
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
    expect(sniff(Buffer.alloc(0))).toBeUndefined();
  });
});
