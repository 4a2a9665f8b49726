import { describe, expect, it } from 'vitest';
import { route } from '../src/lib/route.ts';
import { operations } from '../server/operations/index.ts';
import { controlOperations, CONTROL_PREFIX } from '../server/operations/controls.ts';
import { API_PREFIX } from '../server/http/app.ts';

describe('route: the CLI names operations, the table gives their method and path', () => {
  it('fills and encodes path parameters from the table', () => {
    expect(route('get_workspace')).toEqual({
      method: 'GET',
      path: '/workspace',
      prefix: '/api/v1',
    });
    expect(route('edit_targeting', { campaignId: 'a'.repeat(24), slotId: 'b c' })).toEqual({
      method: 'PUT',
      path: `/campaigns/${'a'.repeat(24)}/targeting/audiences/b%20c/items`,
      prefix: '/api/v1',
    });
  });

  it("knows every operation of the API's table and of adcli serve's controls, with the same method, path and prefix", () => {
    const tables = [
      ...operations.map((op) => ({ op, prefix: API_PREFIX })),
      ...controlOperations.map((op) => ({ op, prefix: CONTROL_PREFIX })),
    ];
    for (const { op, prefix } of tables) {
      const params = Object.fromEntries(
        [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, `{${m[1]}}`]),
      );
      const r = route(op.name, params);
      expect(r.method).toBe(op.method);
      expect(decodeURIComponent(r.path)).toBe(op.path);
      expect(r.prefix).toBe(prefix);
    }
  });

  it('no control shares a name with an operation of the API (a name finds one route)', () => {
    const names = [...operations, ...controlOperations].map((op) => op.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses an unknown operation or a missing path parameter', () => {
    expect(() => route('no_such_operation')).toThrow(/no operation named no_such_operation/);
    expect(() => route('get_campaign')).toThrow(/needs the path parameter campaignId/);
  });
});
