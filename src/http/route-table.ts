// Which methods each registered path answers, so an unknown method on a known path can answer 405 with
// Allow (D16) instead of 404.

export function createRouteTable() {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  const byUrl = new Map<string, Set<string>>();
  return {
    add(url: string, methods: string | string[]): void {
      // The catch-all that answers CORS preflights says nothing about which paths exist.
      if (url === '*' || url === '/*') return;
      let set = byUrl.get(url);
      if (set === undefined) {
        set = new Set();
        byUrl.set(url, set);
        const source = url
          .split('/')
          .map((segment) =>
            segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/');
        routes.push({ pattern: new RegExp(`^${source}$`), methods: set });
      }
      for (const m of Array.isArray(methods) ? methods : [methods]) set.add(m.toUpperCase());
    },
    /** The methods allowed on a concrete path, or an empty list when no route matches it. */
    allowed(path: string): string[] {
      const found = new Set<string>();
      for (const route of routes) if (route.pattern.test(path)) for (const m of route.methods) found.add(m);
      return [...found].sort();
    },
  };
}
