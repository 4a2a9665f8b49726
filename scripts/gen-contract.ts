// The contract as the CLI needs it at start-up, read out of the OpenAPI documents the server builds
// from its zod schemas (server/http/openapi.ts): the enumerations and bounds of flags, and the types
// of the responses. Nothing here is typed by hand: each named enum or bound says which fields of
// which operations it is read from, and the generator fails when those fields disagree (then the CLI
// needs two names, not one). scripts/gen-operations.ts writes the files.

type Json = Record<string, any>;

/** The API's document and the controls' document of adcli serve, and what no schema holds. */
export interface Documents {
  api: Json;
  control: Json;
  /** the statuses of a campaign in the ad platform (server/schemas/records.ts: a record's field is free text) */
  adsStatuses: readonly string[];
}

/**
 * Where a value is read from: `<operation> <part>.<field>[.<field>…]`, part one of path, query,
 * header, body or response; `name[]` steps into the items of an array.
 */
type At = string;

interface EnumSpec {
  name: string;
  type: string;
  what: string;
  at: At[];
  /** values of the schema that are not choices (the empty match type of a non-keyword item) */
  without?: string[];
  /** also emit the schema's default, under this name */
  defaultName?: string;
}

interface BoundSpec {
  key: string;
  what: string;
  at: At[];
}

const NAMED_WRITES = [
  'create_campaign',
  'update_campaign',
  'create_audience',
  'update_audience',
  'create_data_store',
  'update_data_store',
  'create_brand',
  'update_brand',
];
const bodyOf = (ops: string[], field: string): At[] => ops.map((o) => `${o} body.${field}`);
const LISTS = [
  'list_campaigns',
  'list_audiences',
  'list_data_stores',
  'list_brands',
  'list_data_store_channels',
  'list_data_store_videos',
  'search_exploration_channels',
  'list_exploration_channel_videos',
];

/** The enumerations of the API the CLI offers as choices or reads in answers. */
export const ENUMS: EnumSpec[] = [
  {
    name: 'CAMPAIGN_TYPES',
    type: 'CampaignType',
    what: 'Campaign types',
    at: [
      'create_campaign body.campaignType',
      'update_campaign body.campaignType',
      'get_campaign response.campaignType',
    ],
  },
  {
    name: 'CAMPAIGN_STATUSES',
    type: 'CampaignStatus',
    what: 'Campaign statuses',
    at: ['list_campaigns query.status', 'get_campaign response.status'],
  },
  {
    name: 'ADS_STATUS_FILTERS',
    type: 'AdsStatusFilter',
    what: 'Delivery states a campaign list can filter on (adsPlatform.status, or unpublished)',
    at: ['list_campaigns query.adsStatus'],
  },
  {
    name: 'BUDGET_TYPES',
    type: 'BudgetType',
    what: 'Budget types',
    at: [
      'create_campaign body.budgetType',
      'update_campaign body.budgetType',
      'get_campaign response.budgetType',
    ],
  },
  {
    name: 'BIDDING_STRATEGIES',
    type: 'BiddingStrategy',
    what: 'Bidding strategies',
    at: [
      'create_campaign body.biddingStrategy',
      'update_campaign body.biddingStrategy',
      'get_campaign response.biddingStrategy',
    ],
  },
  {
    name: 'AUDIENCE_KINDS',
    type: 'AudienceKind',
    what: 'Kinds of saved audience',
    at: ['create_audience body.kind', 'update_audience body.kind', 'get_audience response.kind'],
  },
  {
    name: 'DATE_PRESETS',
    type: 'DatePreset',
    what: "Performance date ranges, in the account's time zone",
    at: ['get_performance query.dateRange', 'get_performance response.dateRange.preset'],
    defaultName: 'DEFAULT_DATE_PRESET',
  },
  {
    name: 'TARGETING_SECTIONS',
    type: 'TargetingSection',
    what: 'Sections of targeting, in the order the API lists them',
    at: [
      'edit_targeting body.items[].section',
      'get_targeting response.audiences[].items[].section',
    ],
  },
  {
    name: 'MATCH_TYPES',
    type: 'MatchType',
    what: 'Match types of a keyword',
    at: ['edit_targeting body.items[].matchType'],
    without: [''],
  },
  {
    name: 'TARGETING_STATUSES',
    type: 'TargetingStatus',
    what: "Statuses of an audience slot's targeting",
    at: ['get_targeting response.audiences[].status'],
  },
  {
    name: 'DATA_STORE_STATUSES',
    type: 'DataStoreStatus',
    what: 'Data store statuses',
    at: ['get_data_store response.status'],
  },
  {
    name: 'DATA_STORE_SCOPES',
    type: 'DataStoreScope',
    what: "Data store scopes: the workspace's own, or the shared library",
    at: ['get_data_store response.scope'],
  },
  {
    name: 'SEEDS',
    type: 'SeedName',
    what: 'Seeds a workspace can be reset to',
    at: ['reset_workspace body.seed', 'reset_workspace response.seed'],
  },
  {
    name: 'FAULT_METHODS',
    type: 'FaultMethod',
    what: 'Methods a fault rule matches (* is any)',
    at: ['add_fault body.method'],
  },
  {
    name: 'ERROR_CODES',
    type: 'ErrorCode',
    what: "The API's error codes",
    at: ['get_workspace response!400.error.code'],
  },
];

/** The bounds of the API the CLI states in its help or checks before sending. */
export const BOUNDS: BoundSpec[] = [
  {
    key: 'name',
    what: 'Characters of a name (campaign, audience slot, saved audience, data store, brand)',
    at: [
      ...bodyOf(NAMED_WRITES, 'name'),
      'add_campaign_audience body.name',
      'update_campaign_audience body.name',
    ],
  },
  {
    key: 'description',
    what: 'Characters of a description (saved audience, data store, brand)',
    at: bodyOf(
      [
        'create_audience',
        'update_audience',
        'create_data_store',
        'update_data_store',
        'create_brand',
        'update_brand',
      ],
      'description',
    ),
  },
  {
    key: 'language',
    what: "Characters of a campaign's language tag",
    at: bodyOf(['create_campaign', 'update_campaign'], 'language'),
  },
  {
    key: 'objective',
    what: "Characters of a campaign's objective",
    at: bodyOf(['create_campaign', 'update_campaign'], 'objective'),
  },
  {
    key: 'industry',
    what: "Characters of a campaign's industry",
    at: bodyOf(['create_campaign', 'update_campaign'], 'industry'),
  },
  {
    key: 'locations',
    what: 'Locations of a campaign',
    at: bodyOf(['create_campaign', 'update_campaign'], 'locations'),
  },
  {
    key: 'successMetrics',
    what: 'Success metrics of a campaign',
    at: bodyOf(['create_campaign', 'update_campaign'], 'successMetrics'),
  },
  {
    key: 'budget',
    what: "A campaign's budget, in the account's currency",
    at: bodyOf(['create_campaign', 'update_campaign'], 'budget'),
  },
  {
    key: 'targetCpa',
    what: 'Target cost per acquisition',
    at: bodyOf(['create_campaign', 'update_campaign'], 'targetCpa'),
  },
  {
    key: 'targetRoas',
    what: 'Target return on ad spend',
    at: bodyOf(['create_campaign', 'update_campaign'], 'targetRoas'),
  },
  {
    key: 'dataStoreIds',
    what: 'Data stores of an audience',
    at: [
      ...bodyOf(
        ['create_campaign', 'update_campaign_audience', 'create_audience', 'update_audience'],
        'dataStoreIds',
      ),
    ],
  },
  {
    key: 'keywords',
    what: 'Keywords of a saved audience',
    at: bodyOf(['create_audience', 'update_audience'], 'keywords'),
  },
  {
    key: 'channelIds',
    what: 'Channels a data store collects',
    at: bodyOf(['create_data_store', 'update_data_store'], 'channelIds'),
  },
  {
    key: 'videoIds',
    what: 'Single videos a data store collects',
    at: bodyOf(['create_data_store', 'update_data_store'], 'videoIds'),
  },
  {
    key: 'importChannels',
    what: 'Channels in one import request',
    at: ['import_data_store body.channels'],
  },
  {
    key: 'importVideos',
    what: 'Videos in one import request',
    at: ['import_data_store body.videos'],
  },
  {
    key: 'importComments',
    what: 'Comments (or comment threads) in one import request',
    at: ['import_data_store body.comments'],
  },
  { key: 'targetingItems', what: 'Items of one audience slot', at: ['edit_targeting body.items'] },
  {
    key: 'targetingText',
    what: 'Characters of a targeting item',
    at: ['edit_targeting body.items[].text'],
  },
  {
    key: 'generateSlots',
    what: 'Audience slots named in one generate request',
    at: ['generate_targeting body.audienceIds'],
  },
  { key: 'listLimit', what: 'Page size of a list', at: LISTS.map((o) => `${o} query.limit`) },
  {
    key: 'similarLimit',
    what: 'How many similar channels',
    at: ['list_similar_channels query.limit'],
  },
  {
    key: 'searchQuery',
    what: 'Characters of a channel search',
    at: ['search_exploration_channels query.query'],
  },
  {
    key: 'idempotencyKey',
    what: 'Characters of an Idempotency-Key',
    at: ['create_campaign header.Idempotency-Key', 'add_fault header.Idempotency-Key'],
  },
  { key: 'faultPath', what: "Characters of a fault rule's path", at: ['add_fault body.path'] },
  {
    key: 'faultStatus',
    what: 'The status a fault rule answers with',
    at: ['add_fault body.status'],
  },
  { key: 'faultDelayMs', what: 'The delay of a fault rule, in ms', at: ['add_fault body.delayMs'] },
  {
    key: 'faultCount',
    what: 'How many requests a fault rule applies to',
    at: ['add_fault body.count'],
  },
  {
    key: 'faultProbability',
    what: 'The probability a fault rule applies to a request',
    at: ['add_fault body.probability'],
  },
  {
    key: 'journalLimit',
    what: 'Requests of the journal to list (its size is the maximum)',
    at: ['list_requests query.limit'],
  },
];

// ---- reading the documents -----------------------------------------------------------------------

class Reader {
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

function agree<T>(what: string, ats: At[], read: (at: At) => T): T {
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

function boundOf(s: Json, at: At): Bound {
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

// ---- rendering ------------------------------------------------------------------------------------

const q = (v: unknown) => JSON.stringify(v);
/** Text for a one-line doc comment. */
const comment = (s: unknown) => String(s).replace(/\s+/g, ' ').replace(/\*\//g, '* /');

/** src/generated/contract.ts: the named enumerations and bounds, plain data. */
export function renderContract(docs: Documents): string {
  const r = new Reader(docs);
  const lines = [
    '// Generated by scripts/gen-operations.ts (npm run generate) from the OpenAPI documents the server builds',
    '// from its zod schemas: each name says which fields of which operations it is read from. Do not edit.',
    '',
  ];
  for (const e of ENUMS) {
    const values = agree(e.name, e.at, (at) => {
      const s = r.schema(at);
      if (!Array.isArray(s.enum)) throw new Error(`${at} is not an enumeration`);
      return (s.enum as string[]).filter((v) => !e.without?.includes(v));
    });
    lines.push(
      `/** ${e.what}: ${e.at.join(', ')}. */`,
      `export const ${e.name} = [${values.map(q).join(', ')}] as const;`,
    );
    lines.push(`export type ${e.type} = (typeof ${e.name})[number];`);
    if (e.defaultName) {
      const d = r.schema(e.at[0]!).default;
      if (d === undefined) throw new Error(`${e.at[0]} has no default`);
      lines.push(`export const ${e.defaultName}: ${e.type} = ${q(d)};`);
    }
    lines.push('');
  }
  const scopes = [
    ...new Set(
      [docs.api, docs.control].flatMap((d) =>
        Object.values(d.paths as Record<string, Json>).flatMap((m) =>
          Object.values(m).map((op) => op['x-scope'] as string),
        ),
      ),
    ),
  ];
  lines.push(
    '/** The scopes an API key can hold: the x-scope of every operation, in the order the tables first use them. */',
  );
  lines.push(
    `export const SCOPES = [${scopes.map(q).join(', ')}] as const;`,
    'export type Scope = (typeof SCOPES)[number];',
    '',
  );
  lines.push(
    '/** Statuses of a campaign in the ad platform: server/schemas/records.ts ADS_STATUSES. */',
  );
  lines.push(
    `export const ADS_STATUSES = [${docs.adsStatuses.map(q).join(', ')}] as const;`,
    'export type AdsStatus = (typeof ADS_STATUSES)[number];',
    '',
  );
  const methods = [
    ...new Set(
      Object.values(docs.api.paths as Record<string, Json>).flatMap((m) =>
        Object.keys(m).map((k) => k.toUpperCase()),
      ),
    ),
  ];
  lines.push(
    "/** The HTTP methods of the API's operations, in the order the table first uses them. */",
  );
  lines.push(`export const API_METHODS = [${methods.map(q).join(', ')}] as const;`, '');
  lines.push(
    '/**',
    ' * Bounds: characters of a text, items of a list, or the range of a number (minExclusive: greater',
    ' * than min), with the default the API applies when there is one (on create).',
    ' */',
    'export const BOUNDS = {',
  );
  for (const b of BOUNDS) {
    // The default is the first field's (a create's: its update has none).
    const first = r.schema(b.at[0]!);
    const bound = {
      ...agree(b.key, b.at, (at) => boundOf(r.schema(at), at)),
      ...(first.default !== undefined ? { default: first.default } : {}),
    };
    const fields = Object.entries(bound).map(([k, v]) => `${k}: ${q(v)}`);
    lines.push(`  /** ${b.what}: ${b.at.join(', ')}. */`, `  ${b.key}: { ${fields.join(', ')} },`);
  }
  lines.push('} as const;', '');
  return lines.join('\n');
}

/** JSON Schema (as zod writes it) to a TypeScript type, `indent` being the current nesting. */
function tsType(s: Json, indent: string, named: (ref: string) => string): string {
  if (s.$ref) return named(String(s.$ref));
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    const members = (s.anyOf ?? s.oneOf) as Json[];
    return [...new Set(members.map((m) => tsType(m, indent, named)))].join(' | ');
  }
  if (Array.isArray(s.enum)) return s.enum.map(q).join(' | ');
  if (s.const !== undefined) return q(s.const);
  if (Array.isArray(s.type))
    return s.type.map((t: string) => tsType({ ...s, type: t }, indent, named)).join(' | ');
  switch (s.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = s.items ? tsType(s.items, indent, named) : 'unknown';
      return /[ |]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
    }
    case 'object': {
      const props = Object.entries((s.properties ?? {}) as Record<string, Json>);
      if (props.length === 0) {
        return s.additionalProperties && typeof s.additionalProperties === 'object'
          ? `Record<string, ${tsType(s.additionalProperties, indent, named)}>`
          : 'Record<string, never>';
      }
      const required = new Set((s.required ?? []) as string[]);
      const inner = indent + '  ';
      const body = props.flatMap(([k, v]) => {
        const doc = v.description ? [`${inner}/** ${comment(v.description)} */`] : [];
        return [
          ...doc,
          `${inner}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : q(k)}${required.has(k) ? '' : '?'}: ${tsType(v, inner, named)};`,
        ];
      });
      return `{\n${body.join('\n')}\n${indent}}`;
    }
    default:
      return 'unknown';
  }
}

/**
 * src/generated/responses.ts: the type of each operation's JSON answer (`Responses['get_campaign']`)
 * and of the named records in them (Campaign, DataStore, …). Types only: nothing of it is loaded.
 */
export function renderResponses(docs: Documents): string {
  const names = new Map<string, string>();
  const component = (name: string) =>
    (docs.api.components?.schemas?.[name] ?? docs.control.components?.schemas?.[name]) as
      Json | undefined;
  const named = (ref: string) => {
    let name = ref.replace('#/components/schemas/', '');
    // The document names a second copy of a record NameInput when it meets it again in a request's
    // schemas, even when it is the same (TargetingInput): one type is enough for the same shape.
    const base = name.replace(/Input$/, '');
    if (base !== name && q(component(base)) === q(component(name))) name = base;
    names.set(name, ref);
    return name;
  };
  const ops: string[] = [];
  for (const doc of [docs.api, docs.control]) {
    for (const methods of Object.values(doc.paths as Record<string, Json>)) {
      for (const op of Object.values(methods)) {
        const success = Object.entries(op.responses as Json).find(([s]) => s.startsWith('2'))![1];
        const schema = success.content?.['application/json']?.schema;
        const type = schema ? tsType(schema, '  ', named) : 'Uint8Array';
        ops.push(
          `  /** ${op.summary}${schema ? '' : ' (a file, not JSON)'} */`,
          `  ${op.operationId}: ${type};`,
        );
      }
    }
  }
  named('#/components/schemas/Error');
  // Named records, each once: the same name in both documents must be the same schema.
  const records: string[] = [];
  const done = new Set<string>();
  while (done.size < names.size) {
    for (const name of [...names.keys()].filter((n) => !done.has(n)).sort()) {
      done.add(name);
      const [a, c] = [docs.api, docs.control].map(
        (d) => d.components?.schemas?.[name] as Json | undefined,
      );
      if (a && c && q(a) !== q(c)) throw new Error(`the two documents disagree on ${name}`);
      const s = (a ?? c)!;
      records.push(
        ...(s.description ? [`/** ${comment(s.description)} */`] : []),
        `export type ${name} = ${tsType(s, '', named)};`,
        '',
      );
    }
  }
  return [
    '// Generated by scripts/gen-operations.ts (npm run generate) from the OpenAPI documents the server builds',
    '// from its zod schemas. Types only: nothing here exists at run time. Do not edit.',
    '',
    ...records,
    "/** What each operation answers with on success (the API's and adcli serve's controls), by name. */",
    'export interface Responses {',
    ...ops,
    '}',
    '',
  ].join('\n');
}
