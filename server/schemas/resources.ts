/** Every resource declared once (server/schemas/resource.ts), by the noun the CLI and fixtures use. */
import { brandResource } from './brand.ts';

export const resources = { brand: brandResource } as const;
