import type { Command } from 'commander';
import { currentProfileName, LOCAL_PROFILE } from '../../lib/config.ts';
import { optionsOf } from '../../lib/context.ts';
import { CliError, EXIT, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { fields, printJson, say } from '../../lib/output.ts';
import { keyFile } from '../../lib/paths.ts';
import { isLocal, normalizeBaseUrl, type Target } from '../../lib/target.ts';
import { checkProfileName, savedProfiles, unknownProfile } from '../profiles/profiles-commands.ts';
import type { Responses, Workspace as WorkspaceRecord } from '../../generated/responses.ts';

type Workspace = Pick<WorkspaceRecord, 'slug' | 'counts'>;

const DEFAULT_PROFILE = 'default';

/**
 * `auth login`: the key comes from stdin (--with-token) or a password prompt, never from argv. It is
 * checked with GET /workspace against the base URL before anything is saved.
 */
export async function login(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<{ withToken?: boolean }>(cmd);
  const { io, env, prompter } = f;
  const name = o.profile ?? env.ADCLI_PROFILE ?? DEFAULT_PROFILE;
  checkProfileName(name);
  const config = await f.openConfig();
  const existing = savedProfiles(config)[name];

  let url = o.baseUrl ?? env.ADCLI_BASE_URL ?? existing?.baseUrl;
  if (!url) {
    if (!prompter.canPrompt())
      throw usageError(
        '--base-url is required (no terminal to ask on), e.g. --base-url https://api.example.com/api/v1',
      );
    url = await prompter.ask('--base-url', 'API base URL', { validate: (v) => validUrl(v) });
  }
  const baseUrl = normalizeBaseUrl(url.trim());
  if (baseUrl === LOCAL_PROFILE)
    throw usageError(
      'local is the built-in backend and needs no login; give the URL of a deployment',
    );

  let key: string;
  if (o.withToken) key = await keyFromStdin(io);
  else if (prompter.canPrompt()) key = (await prompter.secret(`API key for ${baseUrl}`)).trim();
  else {
    throw usageError(
      'no terminal to ask for the key on: pipe it in with --with-token, e.g. adcli auth login --with-token < key.txt',
    );
  }
  if (!key) throw usageError('the key is empty');
  if (/\s/.test(key)) throw usageError('the key contains spaces; give the key alone');

  const target: Target = {
    profile: name,
    baseUrl,
    apiKey: key,
    keySource: 'auth login',
    baseUrlSource: 'auth login',
  };
  const client = await f.clientFor(target, { retries: 1, debug: o.debug });
  let workspace: Workspace;
  try {
    workspace = await client.call<Workspace>('get_workspace');
  } catch (e) {
    if (e instanceof CliError) {
      const what =
        e.exitCode === EXIT.auth ? `${baseUrl} refused the key` : 'the key could not be checked';
      throw new CliError(`${what}: ${e.message}; nothing saved`, e.exitCode);
    }
    throw e;
  }

  const profiles = savedProfiles(config);
  profiles[name] = { baseUrl, apiKey: key };
  config.set('profiles', profiles);
  config.set('current', name);

  if (o.json) printJson(io, { profile: name, baseUrl, workspace: workspace.slug, current: true });
  else {
    say(
      io,
      `Logged in to workspace ${workspace.slug} at ${baseUrl}.\nSaved as profile ${name}, now the current profile (${config.path}).`,
    );
  }
  const winners = ['ADCLI_API_KEY', 'ADCLI_BASE_URL', 'ADCLI_PROFILE'].filter(
    (v) => env[v] && !(v === 'ADCLI_PROFILE' && env[v] === name),
  );
  if (winners.length) {
    say(
      io,
      `Note: ${winners.join(' and ')} ${winners.length > 1 ? 'are' : 'is'} set and win${winners.length > 1 ? '' : 's'} over the current profile.`,
    );
  }
}

/** `auth status`: which profile, base URL, workspace, and where the key comes from; never the key. */
export async function status(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const io = f.io;
  const target = f.target(o);
  const local = isLocal(target);
  const keySource =
    local && !target.apiKey
      ? `the local backend's key file (${keyFile(f.dataDir())})`
      : target.keySource;
  const fromEnv = (s: string) => s.includes('environment variable') || s.includes('flag');
  const profileUsed = !(fromEnv(target.baseUrlSource) && fromEnv(keySource));

  let workspace: Workspace | null = null;
  let key: KeyInfo | null = null;
  let failure: CliError | null = null;
  try {
    const client = await f.apiClient(o);
    workspace = await client.call<Workspace>('get_workspace');
    // adcli serve (and the local profile) tell a key its scopes and limits; other deployments do not
    key = await client.call<KeyInfo>('get_key').catch(() => null);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    failure = e;
  }

  if (o.json) {
    printJson(io, {
      profile: target.profile,
      profileUsed,
      baseUrl: target.baseUrl,
      baseUrlSource: target.baseUrlSource,
      keySource,
      workspace: workspace?.slug ?? null,
      ...(key
        ? { scopes: key.scopes, customerIds: key.customerIds, campaignIds: key.campaignIds }
        : {}),
      ok: !failure,
    });
  } else {
    fields(io, [
      [
        'Profile',
        `${target.profile}${target.profile === LOCAL_PROFILE ? ' (built in)' : ''}${profileUsed ? '' : ' (not used: the key and base URL come from the environment or flags)'}`,
      ],
      [
        'Base URL',
        `${local ? `the backend in this process (data in ${f.dataDir()})` : target.baseUrl}, from ${target.baseUrlSource}`,
      ],
      ['Key', `from ${keySource}`],
      ['Workspace', workspace ? workspace.slug : failure ? `unknown: ${failure.message}` : null],
      ...(key
        ? ([
            ['Scopes', key.scopes.join(', ')],
            ['Limits', limitsOf(key)],
          ] as [string, string][])
        : []),
    ]);
  }
  if (failure) throw failure;
}

type KeyInfo = Responses['get_key'];

/** A key's limits in a line: what it may reach, and where new campaigns go. */
function limitsOf(k: KeyInfo): string {
  const parts: string[] = [];
  if (k.customerIds) {
    const accounts = k.accounts.map((a) => `${a.customerId} (${a.currencyCode})`).join(', ');
    parts.push(
      `ad-platform account${k.accounts.length === 1 ? '' : 's'} ${accounts || k.customerIds.join(', ')}; new campaigns go to ${k.accounts[0]?.customerId ?? 'none'}`,
    );
  }
  if (k.campaignIds)
    parts.push(
      `campaign${k.campaignIds.length === 1 ? '' : 's'} ${k.campaignIds.join(', ')} (it cannot create campaigns)`,
    );
  return parts.length
    ? `only ${parts.join('; and ')}`
    : 'none: every account and campaign of the workspace';
}

/** `auth logout`: removes the profile and its key; the current profile falls back to local. */
export async function logout(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const io = f.io;
  const config = await f.openConfig();
  const name = o.profile ?? f.env.ADCLI_PROFILE ?? currentProfileName(config);
  if (name === LOCAL_PROFILE) {
    if (o.json)
      printJson(io, { profile: name, removed: false, current: currentProfileName(config) });
    else say(io, 'The built-in local profile has no key to remove; nothing to do.');
    return;
  }
  const profiles = savedProfiles(config);
  if (!profiles[name]) throw unknownProfile(name, config);
  delete profiles[name];
  config.set('profiles', profiles);
  if (config.get('current') === name) config.delete('current');
  const current = currentProfileName(config);
  if (o.json) printJson(io, { profile: name, removed: true, current });
  else
    say(
      io,
      `Logged out: removed profile ${name} and its key from ${f.configDir()}. Current profile: ${current}.`,
    );
  if (f.env.ADCLI_API_KEY) say(io, 'Note: ADCLI_API_KEY is still set and still used.');
}

/**
 * The key from stdin. Piped, the whole input must be the key alone, on one line. On a terminal, one
 * line typed or pasted with echo off: the key never shows on the screen.
 */
async function keyFromStdin(io: IOStreams): Promise<string> {
  const tty = io.isStdinTTY();
  const text = tty ? await io.readSecret('Paste the key and press Enter: ') : await io.readAll();
  if (text.length > 64 * 1024) throw usageError('stdin is too long for a key; give the key alone');
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0)
    throw usageError(
      '--with-token: stdin is empty; pipe the key in, e.g. adcli auth login --with-token < key.txt',
    );
  if (lines.length > 1 && !tty)
    throw usageError(
      `--with-token: stdin has ${lines.length} lines; give the key alone, on one line`,
    );
  return lines[0]!;
}

function validUrl(v: string): true | string {
  try {
    return normalizeBaseUrl(v.trim()) === LOCAL_PROFILE ? 'give the URL of a deployment' : true;
  } catch (e) {
    return (e as Error).message;
  }
}
