import { ApiError } from '../lib/errors.ts';

const NONE: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * The query string of a URL, strictly: each parameter at most once (a repeat is a 400, not "the
 * first wins"), percent-encoding that decodes, and no NUL character (SQLite would cut a filter
 * short at it). `+` is a space, as in forms.
 */
export function strictQuery(url: string): Record<string, string> {
  const q = url.indexOf('?');
  if (q < 0 || q === url.length - 1) return NONE;
  const out: Record<string, string> = Object.create(null);
  for (const part of url.slice(q + 1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq), 'a query parameter name');
    const value =
      eq < 0 ? '' : decode(part.slice(eq + 1), `query parameter ${JSON.stringify(name)}`);
    if (name in out)
      throw new ApiError(
        400,
        'invalid_request',
        `query parameter ${JSON.stringify(name)} is given more than once; give it once`,
      );
    if (name.includes('\0') || value.includes('\0')) {
      throw new ApiError(
        400,
        'invalid_request',
        `query parameter ${JSON.stringify(name.replace(/\0/g, '\\0'))} holds a NUL character (%00)`,
      );
    }
    out[name] = value;
  }
  return out;
}

function decode(s: string, what: string): string {
  const text = s.includes('+') ? s.replace(/\+/g, ' ') : s;
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new ApiError(
      400,
      'invalid_request',
      `${what} is not valid percent-encoding (UTF-8 bytes as %XX): ${JSON.stringify(s.slice(0, 100))}`,
    );
  }
}
