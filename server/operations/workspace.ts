import { CAMPAIGN_STATES, workspace } from '../schemas/records.ts';
import { defineOperation, readOnly } from './operation.ts';

export const RECENT_CAMPAIGNS = 5;

export const workspaceOperations = [
  defineOperation({
    name: 'get_workspace',
    method: 'GET',
    path: '/workspace',
    scope: 'campaigns:read',
    tag: 'workspace',
    summary: 'Get the workspace',
    description: `The workspace of the key: its slug, how many campaigns, audiences, data stores and brands it holds, and its ${RECENT_CAMPAIGNS} newest campaigns. A good first call. ${CAMPAIGN_STATES}`,
    response: workspace,
    errors: [403],
    hints: readOnly,
    tool: { detail: true, view: 'workspace' },
    handler: async (actor, _input, s) => ({
      slug: actor.workspaceSlug,
      counts: {
        campaigns: await s.campaigns.count(actor),
        audiences: await s.audiences.count(actor),
        dataStores: await s.dataStores.count(actor),
        brands: await s.brands.count(actor),
      },
      recentCampaigns: await s.campaigns.recent(actor, RECENT_CAMPAIGNS),
    }),
  }),
];
