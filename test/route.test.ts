import { describe, expect, it } from 'vitest';
import { route } from '../src/lib/route.ts';
import { operations } from '../server/operations/index.ts';

describe('route: the CLI names operations, the table gives their method and path', () => {
  it('fills and encodes path parameters from the table', () => {
    expect(route('get_workspace')).toEqual({ method: 'GET', path: '/workspace' });
    expect(route('edit_targeting', { campaignId: 'a'.repeat(24), slotId: 'b c' })).toEqual({
      method: 'PUT',
      path: `/campaigns/${'a'.repeat(24)}/targeting/audiences/b%20c/items`,
    });
  });

  it('knows every operation of the table, with the same method and path', () => {
    for (const op of operations) {
      const params = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, `{${m[1]}}`]));
      const r = route(op.name, params);
      expect(r.method).toBe(op.method);
      expect(decodeURIComponent(r.path)).toBe(op.path);
    }
  });

  it('refuses an unknown operation or a missing path parameter', () => {
    expect(() => route('no_such_operation')).toThrow(/no operation named no_such_operation/);
    expect(() => route('get_campaign')).toThrow(/needs the path parameter campaignId/);
  });
});
