/**
 * Reading the documents: the schema a place names (refs followed, nullable members unwrapped),
 * values that must agree wherever they are read, and a schema's bounds.
 */
import type { At, Documents, Json } from './documents.ts';

export class Reader {
  readonly #docs: Json[];
  constructor(docs: Documents) {
    this.#docs = [docs.api, docs.control];
  }

  /** The operation named `name` in either document, with the document it is in. */
  operation(name: string): { doc: Json; op: Json } {
    for (const doc of this.#docs) {
      for (const methods of Object.values(doc.paths as Record<string, Json>)) {
        for (const op of Object.values(methods)) if (op.operationId === name) return { doc, op };
      }
    }
    throw new Error(`no operation named ${name}`);
  }

  /** A $ref followed, in the document it belongs to. */
  deref(doc: Json, node: Json): Json {
    let n = node;
    while (n?.$ref) {
      const parts = String(n.$ref).replace(/^#\//, '').split('/');
      n = parts.reduce((x: Json, k) => x?.[k], doc);
      if (!n) throw new Error(`unresolved ${node.$ref}`);
    }
    return n;
  }

  /** The schema `at` names, refs followed and `null` left out of a nullable one. */
  schema(at: At): Json {
    const m = /^(\w+) (path|query|header|body|response)(?:!(\d+))?\.(.+)$/.exec(at);
    if (!m) throw new Error(`cannot read ${at}`);
    const [, name, part, status, path] = m as unknown as [
      string,
      string,
      string,
      string | undefined,
      string,
    ];
    const { doc, op } = this.operation(name);
    const steps = path.split('.');
    let node: Json;
    if (part === 'body' || part === 'response') {
      const holder =
        part === 'body'
          ? op.requestBody
          : status
            ? op.responses[status]
            : Object.entries(op.responses as Json).find(([s]) => s.startsWith('2'))?.[1];
      node = this.deref(
        doc,
        this.deref(doc, holder ?? {}).content?.['application/json']?.schema ?? {},
      );
    } else {
      const first = steps.shift()!;
      const param = (op.parameters as Json[])
        .map((p) => this.deref(doc, p))
        .find((p) => p.in === part && p.name === first);
      if (!param) throw new Error(`${name} has no ${part} parameter ${first}`);
      node = this.deref(doc, param.schema);
    }
    for (const step of steps) {
      const field = step.replace(/\[\]$/, '');
      node = this.#plain(doc, node).properties?.[field];
      if (!node) throw new Error(`${at}: no field ${field}`);
      if (step.endsWith('[]')) node = this.#plain(doc, node).items;
    }
    return this.#plain(doc, node);
  }

  /** A schema with its ref followed and, when nullable, its non-null member. */
  #plain(doc: Json, node: Json): Json {
    const n = this.deref(doc, node);
    if (Array.isArray(n.anyOf)) {
      const members = n.anyOf.filter((x: Json) => x.type !== 'null');
      if (members.length === 1)
        return {
          ...this.#plain(doc, members[0]),
          ...(n.default !== undefined ? { default: n.default } : {}),
        };
    }
    return n;
  }
}

export function agree<T>(what: string, ats: At[], read: (at: At) => T): T {
  const values = ats.map((at) => ({ at, value: read(at) }));
  const first = values[0]!;
  for (const v of values) {
    if (JSON.stringify(v.value) !== JSON.stringify(first.value)) {
      throw new Error(
        `${what}: ${first.at} is ${JSON.stringify(first.value)} but ${v.at} is ${JSON.stringify(v.value)}; give them two names`,
      );
    }
  }
  return first.value;
}

interface Bound {
  min?: number;
  max?: number;
  /** min itself is not allowed (a budget is greater than 0) */
  minExclusive?: true;
  integer?: true;
}

export function boundOf(s: Json, at: At): Bound {
  const b: Bound = {};
  if (s.type === 'string') {
    b.min = s.minLength ?? 0;
    if (s.maxLength !== undefined) b.max = s.maxLength;
  } else if (s.type === 'array') {
    b.min = s.minItems ?? 0;
    if (s.maxItems !== undefined) b.max = s.maxItems;
  } else if (s.type === 'integer' || s.type === 'number') {
    if (s.exclusiveMinimum !== undefined) {
      b.min = s.exclusiveMinimum;
      b.minExclusive = true;
    } else if (s.minimum !== undefined) b.min = s.minimum;
    if (s.maximum !== undefined) b.max = s.maximum;
    if (s.type === 'integer') b.integer = true;
  } else throw new Error(`${at} has no bounds (${JSON.stringify(s)})`);
  if (b.max === undefined) throw new Error(`${at} has no upper bound`);
  return b;
}
