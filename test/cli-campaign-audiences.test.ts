/**
 * `adcli campaigns audiences list|add|update|remove` (a campaign's audience slots) and
 * `targeting generate --wait` when nothing was generated or needed generating, in-process on the local profile
 * (test/helpers/cli.ts) with a sandboxed data dir seeded with the demo on first use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/lib/errors.ts';
import { json } from './helpers/assert.ts';
import { cliIn, runCli } from './helpers/cli.ts';
import { cleanupAll, sandbox, type Sandbox } from './helpers/process.ts';

afterAll(cleanupAll);

describe('campaigns audiences', () => {
  let sb: Sandbox;
  let adcli: ReturnType<typeof cliIn>;
  let campaign: string;
  let primary: string;
  let backpackers: { id: string; name: string; dataStoreIds: string[] };
  let trail: string;

  beforeAll(async () => {
    sb = sandbox();
    adcli = cliIn(sb.env);
    // A new campaign has only its primary audience, with no data stores.
    const c = json(
      await adcli(['campaigns', 'create', '--name', 'Slots at work', '--type', 'SEARCH', '--json']),
    );
    campaign = c.id;
    primary = c.audiences[0].id;
    backpackers = json(
      await adcli(['audiences', 'list', '--name', 'Lightweight backpackers', '--json']),
    )[0];
    trail = json(await adcli(['data-stores', 'list', '--name', 'Trail running', '--json']))[0].id;
  });

  it('targeting generate --wait with no data stores anywhere: exit 3, and why on stderr', async () => {
    const r = await adcli(['targeting', 'generate', campaign, '--wait']);
    expect(r.code).toBe(EXIT.refused);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `adcli: nothing was generated for campaign ${campaign}: every audience slot was skipped:\n`,
    );
    // each reason with its next step, in the CLI's words (the API says "add dataStoreIds")
    expect(r.stderr).toContain(
      `  Primary audience (slot ${primary}): no data stores: give it some first with adcli campaigns audiences update ${campaign} ${primary} --data-store ID\n`,
    );
    expect(r.stderr).not.toContain('dataStoreIds');

    // With --json the error is JSON, reasons included.
    const j = await adcli(['targeting', 'generate', campaign, '--wait', '--json']);
    expect(j.code).toBe(EXIT.refused);
    expect(j.stdout).toBe('');
    const e = JSON.parse(j.stderr).error;
    expect(e.exitCode).toBe(EXIT.refused);
    expect(e.message).toContain(`Primary audience (slot ${primary}): no data stores`);
  });

  it('list: the primary slot; --json prints the slots as one array', async () => {
    expect(json(await adcli(['campaigns', 'audiences', 'list', campaign, '--json']))).toEqual([
      { id: primary, name: 'Primary audience', audienceId: null, dataStoreIds: [] },
    ]);
    const piped = await adcli(['campaigns', 'audiences', 'list', campaign]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(`${primary}\tPrimary audience\t(primary)\t-\n`);
  });

  it('add attaches a copy of a saved audience; the same one twice is refused', async () => {
    const piped = await adcli(['campaigns', 'audiences', 'add', campaign, backpackers.id]);
    expect(piped.code, piped.stderr).toBe(0);
    const rows = piped.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows).toHaveLength(2);
    const slot = rows.find((r) => r[2] === backpackers.id)!;
    expect(slot[1]).toBe(backpackers.name);
    expect(slot[3]).toBe(backpackers.dataStoreIds.join(' '));
    expect(piped.stderr).toContain(
      `Attached a copy of saved audience ${backpackers.id} to campaign ${campaign} as slot ${slot[0]}`,
    );
    expect(piped.stderr).toContain(
      `adcli targeting generate ${campaign} --audience ${slot[0]} --wait`,
    );

    const again = await adcli(['campaigns', 'audiences', 'add', campaign, backpackers.id]);
    expect(again.code).toBe(EXIT.refused);
    expect(again.stderr).toContain(
      `audience ${backpackers.id} is already attached to campaign ${campaign}`,
    );
  });

  it('add --name names the slot; --json prints the campaign', async () => {
    const coffee = json(await adcli(['audiences', 'list', '--name', 'Home coffee', '--json']))[0];
    const x = json(
      await adcli([
        'campaigns',
        'audiences',
        'add',
        campaign,
        coffee.id,
        '--name',
        'Coffee people',
        '--json',
      ]),
    );
    expect(x.id).toBe(campaign);
    expect(x.audiences.find((a: any) => a.audienceId === coffee.id)).toMatchObject({
      name: 'Coffee people',
      dataStoreIds: coffee.dataStoreIds,
    });
  });

  it('update sets the name and replaces the data stores; --no-data-store empties them', async () => {
    const x = json(
      await adcli([
        'campaigns',
        'audiences',
        'update',
        campaign,
        primary,
        '--name',
        'Trail runners',
        '--data-store',
        trail,
        '--json',
      ]),
    );
    expect(x.audiences.find((a: any) => a.id === primary)).toEqual({
      id: primary,
      name: 'Trail runners',
      audienceId: null,
      dataStoreIds: [trail],
    });

    const coffee = json(await adcli(['campaigns', 'audiences', 'list', campaign, '--json'])).find(
      (a: any) => a.name === 'Coffee people',
    );
    const emptied = json(
      await adcli([
        'campaigns',
        'audiences',
        'update',
        campaign,
        coffee.id,
        '--no-data-store',
        '--json',
      ]),
    );
    expect(emptied.audiences.find((a: any) => a.id === coffee.id).dataStoreIds).toEqual([]);

    const nothing = await adcli(['campaigns', 'audiences', 'update', campaign, primary]);
    expect(nothing.code).toBe(EXIT.usage);
    expect(nothing.stderr).toContain(
      'adcli: nothing to change: give --name, --data-store or --no-data-store',
    );
  });

  it('targeting generate --wait now generates the slots with data stores; run again, nothing needs generating (exit 0), a slot without data stores warned about', async () => {
    const r = await adcli(['targeting', 'generate', campaign, '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const t = JSON.parse(r.stdout);
    expect(t.audiences.find((s: any) => s.id === primary).status).toBe('ready');
    expect(t.audiences.find((s: any) => s.name === 'Lightweight backpackers').status).toBe('ready');
    expect(t.audiences.find((s: any) => s.name === 'Coffee people').status).toBe('not_generated');

    const again = await adcli(['targeting', 'generate', campaign, '--wait']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(primary);
    expect(again.stderr).toContain(
      `Nothing needed generating: every audience slot of campaign ${campaign}`,
    );
    expect(again.stderr).toMatch(/Skipped Coffee people \(slot \w+\): no data stores/);
    expect(again.stderr).not.toContain('Skipped Trail runners');
  });

  it('remove asks on a terminal naming the slot and the campaign, needs --yes otherwise; the primary one stays', async () => {
    const slots = json(await adcli(['campaigns', 'audiences', 'list', campaign, '--json']));
    const coffee = slots.find((a: any) => a.name === 'Coffee people');

    const piped = await adcli(['campaigns', 'audiences', 'remove', campaign, coffee.id]);
    expect(piped.code).toBe(EXIT.usage);
    expect(piped.stderr).toBe(
      `adcli: removing audience slot ${coffee.id} from campaign ${campaign} needs --yes when there is no terminal to confirm on\n`,
    );

    const env = { ...sb.env };
    delete env.CI;
    const question =
      'Remove audience slot "Coffee people" and its targeting from campaign "Slots at work"?';
    const no = await runCli(['campaigns', 'audiences', 'remove', campaign, coffee.id], {
      env,
      tty: true,
      columns: 120,
      dialog: { prompt: question, answer: 'n\r' },
    });
    expect(no.stdout).toContain(question);
    expect(no.code).toBe(EXIT.usage);
    expect(no.stderr).toContain('adcli: nothing removed');

    const yes = await runCli(['campaigns', 'audiences', 'remove', campaign, coffee.id], {
      env,
      tty: true,
      columns: 120,
      dialog: { prompt: question, answer: 'y\r' },
    });
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stderr).toContain(`Removed audience slot ${coffee.id} from campaign ${campaign}.`);
    expect(
      json(await adcli(['campaigns', 'audiences', 'list', campaign, '--json'])).map(
        (a: any) => a.id,
      ),
    ).not.toContain(coffee.id);

    const first = await adcli(['campaigns', 'audiences', 'remove', campaign, primary, '--yes']);
    expect(first.code).toBe(EXIT.refused);
    expect(first.stderr).toContain("the campaign's primary audience cannot be removed");

    const backpackersSlot = slots.find((a: any) => a.audienceId === backpackers.id);
    const x = json(
      await adcli([
        'campaigns',
        'audiences',
        'remove',
        campaign,
        backpackersSlot.id,
        '--yes',
        '--json',
      ]),
    );
    expect(x.audiences.map((a: any) => a.id)).toEqual([primary]);
  });

  it('a slot that is not on the campaign: the question is not asked, exit 3', async () => {
    const env = { ...sb.env };
    delete env.CI;
    const other = 'f'.repeat(24);
    const r = await runCli(['campaigns', 'audiences', 'remove', campaign, other], {
      env,
      tty: true,
      columns: 200,
    });
    expect(r.code).toBe(EXIT.refused);
    expect(r.stderr).toContain(`campaign ${campaign} has no audience slot ${other}`);
  });
});
