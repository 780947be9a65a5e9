import { describe, expect, it } from 'vitest';
import { createCatalogueCache, sharedRead } from '@server/services/catalogue/cache';

describe('sharedRead', () => {
  it('never answers a caller with a read that started before it asked', async () => {
    let reads = 0;
    const releases: Array<() => void> = [];
    const read = sharedRead(
      () =>
        new Promise<number>((resolve) => {
          const n = ++reads;
          releases.push(() => resolve(n));
        }),
    );
    const a = read(); // starts read 1 at once
    await Promise.resolve();
    await Promise.resolve();
    const b = read(); // read 1 is running: b waits for read 2
    const c = read(); // shares read 2 with b
    releases[0]();
    expect(await a).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    releases[1]();
    expect([await b, await c]).toEqual([2, 2]);
    expect(reads).toBe(2);
  });
});

describe('createCatalogueCache', () => {
  it('makes an answer again when the catalogue version moved on', async () => {
    const cache = createCatalogueCache<string>();
    let made = 0;
    const make = async () => `answer ${++made}`;
    expect((await cache.get('k', 1, make)).value).toBe('answer 1');
    expect((await cache.get('k', 1, make)).prepared().text).toBe('"answer 1"');
    expect((await cache.get('k', 2, make)).value).toBe('answer 2');
  });

  it('shares an answer its keeper refuses with the requests that waited for it, then makes it again', async () => {
    const cache = createCatalogueCache<string>();
    let made = 0;
    const make = async () => `answer ${++made}`;
    const keep = (value: string) => value !== 'answer 1';
    const [first, waiting] = await Promise.all([cache.get('k', 1, make, keep), cache.get('k', 1, make, keep)]);
    expect([first.value, waiting.value]).toEqual(['answer 1', 'answer 1']);
    expect((await cache.get('k', 1, make, keep)).value).toBe('answer 2');
    expect((await cache.get('k', 1, make, keep)).value).toBe('answer 2');
  });
});
