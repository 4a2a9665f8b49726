import type { Command } from 'commander';
import { BOUNDS, BUDGET_TYPES, CAMPAIGN_TYPES } from '../../generated/contract.ts';
import type { Campaign, DataStore } from '../../generated/responses.ts';
import { answerCheck, listAnswer, numberAnswer } from '../../lib/answers.ts';
import { accountsOf, currencyOf } from '../../lib/accounts.ts';
import type { ApiClient } from '../../lib/client.ts';
import { sayingErrors } from '../../lib/cli-words.ts';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { notice } from '../../lib/output.ts';
import type { Prompter } from '../../lib/prompt.ts';
import { checkRequest } from '../../lib/validate.ts';
import { bodyFromFlags, CAMPAIGN_FLAGS, CAMPAIGN_WORDS } from './campaign-settings.ts';
import { printCampaign } from './print-campaign.ts';
import { settle, type WaitFlags } from './wait-for-campaign.ts';

type Body = Record<string, unknown>;

/**
 * `campaigns create [--wait]`. Without --name on a terminal, a wizard asks for what the flags left
 * out (name, objective, type, locations, language, budget in its account's currency, daily or total
 * with the end date a total needs, data stores); each answer is checked as its flag would be, and a
 * bad one is asked again with the reason, keeping the answers before it. On a terminal the next
 * step follows (a notice on stderr).
 */
export async function create(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags & Record<string, unknown>>(cmd);
  await sayingErrors(CAMPAIGN_WORDS, async () => {
    const body = bodyFromFlags(o);
    let client: ApiClient | undefined;
    const clientOnce = async () => (client ??= await f.apiClient(o));
    if (body.name === undefined) await wizard(f.prompter, body, clientOnce);
    await checkRequest('create_campaign', { body, flags: CAMPAIGN_FLAGS });
    const api = await clientOnce();
    const campaign = await api.call<Campaign>('create_campaign', {
      body,
      idempotencyKey: o.idempotencyKey as string | undefined,
    });
    if (o.wait) await settle(f, o, api, campaign);
    else await printCampaign(f.io, o, campaign, api);
    if (!o.json) nextStep(f, campaign);
  });
}

/**
 * What to do next with a new campaign, on a terminal (a notice: scripts get clean streams): its
 * targeting from its data stores, or data stores first; then publishing it.
 */
function nextStep(f: Factory, c: Campaign): void {
  const slot = c.audiences[0];
  const hasStores = c.audiences.some((a) => a.dataStoreIds.length > 0);
  notice(
    f.io,
    hasStores
      ? `Next, generate its targeting:\n  adcli targeting generate ${c.id} --wait\nthen create it in the ad platform (paused):\n  adcli campaigns publish ${c.id}`
      : `Next, give it data stores to draw its targeting from:\n  adcli campaigns audiences update ${c.id} ${slot?.id ?? 'SLOT'} --data-store ID\nthen generate it:\n  adcli targeting generate ${c.id} --wait`,
  );
}

/** The questions of `campaigns create` on a terminal; without one only the name is missing (exit 2). */
async function wizard(
  prompter: Prompter,
  body: Body,
  client: () => Promise<ApiClient>,
): Promise<void> {
  const check = (field: string, read?: Parameters<typeof answerCheck>[2]) =>
    answerCheck('create_campaign', field, read);
  // The name is asked first, and is the one question a script without --name is told about.
  if (!prompter.canPrompt()) {
    await prompter.ask('--name', 'Campaign name');
    return;
  }
  body.name = await prompter.ask('--name', 'Campaign name', { validate: await check('name') });
  if (body.objective === undefined)
    body.objective = await prompter.ask(
      '--objective',
      'Objective (what it should achieve, for whom)',
      { default: '', validate: await check('objective') },
    );
  if (body.campaignType === undefined)
    body.campaignType = await prompter.choose('--type', 'Campaign type', CAMPAIGN_TYPES);
  if (body.locations === undefined) {
    const answer = await prompter.ask(
      '--location',
      // with inquirer's `? ` and the default, within 80 columns
      'Locations: country or region codes, comma-separated (US, DE, US-CA)',
      {
        default: BOUNDS.locations.default.join(', '),
        validate: await check('locations', listAnswer),
      },
    );
    body.locations = listAnswer(answer);
  }
  if (body.language === undefined)
    body.language = await prompter.ask('--language', 'Language (a code such as en, de, pt-BR)', {
      default: BOUNDS.language.default,
      validate: await check('language'),
    });
  if (body.budget === undefined) {
    // The amount in its account's currency, named (the workspace's default account comes first).
    const accounts = await accountsOf(await client());
    const currency = body.customerId
      ? currencyOf(accounts, body.customerId as string)
      : accounts[0]?.currencyCode;
    const answer = numberAnswer(
      await prompter.ask(
        '--budget',
        `Budget in ${currency ?? "the account's currency"} (empty for none)`,
        { default: '', validate: await check('budget', numberAnswer) },
      ),
    );
    if (answer !== undefined) {
      body.budget = answer;
      body.budgetType ??= await prompter.choose('--budget-type', 'Budget type', BUDGET_TYPES);
      // a total budget is spread over the campaign's days: it needs its last one
      if (body.budgetType === 'total' && body.endDate === undefined)
        body.endDate = await prompter.ask(
          '--end-date',
          'End date, the last day a total budget spreads over (YYYY-MM-DD)',
          { validate: await check('endDate') },
        );
    }
  }
  if (body.dataStoreIds === undefined) {
    const stores = await dataStoresOf(await client());
    if (stores.length) {
      const chosen = await prompter.chooseMany(
        '--data-store',
        'Data stores to draw its targeting from (none is fine)',
        stores.map((s) => ({
          value: s.id,
          name: `${s.name} (${s.id}${s.scope === 'library' ? ', library' : ''})`,
        })),
        {
          validate: (ids) =>
            ids.length <= BOUNDS.dataStoreIds.max ||
            `at most ${BOUNDS.dataStoreIds.max} data stores`,
        },
      );
      if (chosen.length) body.dataStoreIds = chosen;
    }
  }
}

/** The data stores a campaign may draw on: the workspace's, then the shared library's (the first 100). */
async function dataStoresOf(client: ApiClient): Promise<DataStore[]> {
  const page = await client.call<{ data: DataStore[] }>('list_data_stores', {
    query: { limit: BOUNDS.listLimit.max, includeLibrary: 'true' },
  });
  return [
    ...page.data.filter((s) => s.scope !== 'library'),
    ...page.data.filter((s) => s.scope === 'library'),
  ];
}
