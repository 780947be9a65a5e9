/** Test support for code that uses the browser's Cache Storage, which happy-dom lacks. */

/** The browser's Cache Storage, in memory (the test environment has none). */
export function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const key = (request: RequestInfo | URL) =>
      new URL(typeof request === 'string' || request instanceof URL ? request : request.url, 'https://app.test').href;
    return {
      put: async (request: RequestInfo, response: Response) => void store.set(key(request), response),
      match: async (request: RequestInfo) => store.get(key(request))?.clone(),
      matchAll: async () => [...store.values()].map((r) => r.clone()),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (request: RequestInfo) => store.delete(key(request)),
    } as unknown as Cache;
  };
  return {
    open,
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
}
