import { Audiences } from './audiences.ts';
import { Brands } from './brands.ts';
import { Campaigns } from './campaigns.ts';
import { Catalog } from './catalog.ts';
import type { DomainDeps } from './context.ts';
import { DataStores } from './data-stores.ts';
import { Keys } from './keys.ts';
import { Workspaces } from './workspaces.ts';

export interface Services {
  deps: DomainDeps;
  workspaces: Workspaces;
  keys: Keys;
  catalog: Catalog;
  dataStores: DataStores;
  audiences: Audiences;
  brands: Brands;
  campaigns: Campaigns;
}

export function createServices(deps: DomainDeps): Services {
  const catalog = new Catalog(deps);
  const dataStores = new DataStores(deps, catalog);
  const audiences = new Audiences(deps, dataStores);
  return {
    deps,
    workspaces: new Workspaces(deps),
    keys: new Keys(deps),
    catalog,
    dataStores,
    audiences,
    brands: new Brands(deps),
    campaigns: new Campaigns(deps, dataStores, audiences),
  };
}
