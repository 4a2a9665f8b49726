/** The pages' stylesheet at /app/style.css: loaded on first use, revalidated by its ETag. */
import type { Hono } from 'hono';

export function mountStylesheet(app: Hono<any>): void {
  let style: Promise<{ text: string; tag: string }> | undefined;
  const stylesheet = () =>
    (style ??= import('./style.ts').then(({ STYLESHEET }) => ({
      text: STYLESHEET,
      tag: `"${hashText(STYLESHEET)}"`,
    })));

  app.get('/style.css', async (c) => {
    const { text, tag } = await stylesheet();
    c.header('cache-control', 'no-cache');
    c.header('etag', tag);
    if (c.req.header('if-none-match') === tag) return c.body(null, 304);
    return c.body(text, 200, { 'content-type': 'text/css; charset=utf-8' });
  });
}

function hashText(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16);
}
