import type { Command } from 'commander';
import { currentProfileName, LOCAL_PROFILE, type Config, type Profile } from '../../lib/config.ts';
import { optionsOf } from '../../lib/context.ts';
import { usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { escapeControl, notice, printJson, say, table } from '../../lib/output.ts';

/** A copy of the saved profiles (the built-in local one is never saved). */
export function savedProfiles(config: Config): Record<string, Profile> {
  return { ...(config.get('profiles') ?? {}) };
}

/** Profile names go into a file and into shell completions: keep them plain. */
export function checkProfileName(name: string): void {
  if (name === LOCAL_PROFILE) {
    throw usageError(
      'local is the built-in profile (the backend in this process); give another name with --profile NAME',
    );
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(name)) {
    throw usageError(
      `profile name ${JSON.stringify(name)}: use letters, digits, - and _ (at most 64), starting with a letter or digit`,
    );
  }
}

export function unknownProfile(name: string, config: Config): Error {
  const known = [LOCAL_PROFILE, ...Object.keys(savedProfiles(config)).sort()].join(', ');
  const named = escapeControl(name);
  return usageError(
    `no profile named ${named} (profiles: ${known}); adcli auth login --profile ${named} creates it`,
  );
}

export async function list(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const io = f.io;
  const config = await f.openConfig();
  const current = currentProfileName(config);
  const saved = savedProfiles(config);
  const rows = [
    {
      name: LOCAL_PROFILE,
      baseUrl: LOCAL_PROFILE,
      current: current === LOCAL_PROFILE,
      builtIn: true,
    },
    ...Object.keys(saved)
      .sort()
      .map((name) => ({
        name,
        baseUrl: saved[name]!.baseUrl,
        current: current === name,
        builtIn: false,
      })),
  ];
  const selected = o.profile ?? f.env.ADCLI_PROFILE;
  if (selected && selected !== current) {
    notice(
      io,
      `${o.profile ? '--profile' : 'ADCLI_PROFILE'} selects ${selected} for this command instead of the current profile.`,
    );
  }
  if (o.json) {
    printJson(io, rows);
    return;
  }
  const tty = io.isStdoutTTY();
  table(
    io,
    [{ header: 'CURRENT', cut: false }, { header: 'NAME', cut: false }, 'BASE URL'],
    rows.map((r) => [
      r.current ? '*' : '',
      r.name,
      r.builtIn && tty ? 'built in: the backend in this process' : r.baseUrl,
    ]),
  );
}

export async function use(f: Factory, name: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const config = await f.openConfig();
  let baseUrl: string;
  if (name === LOCAL_PROFILE) {
    config.delete('current');
    baseUrl = 'the built-in backend in this process';
  } else {
    const profile = savedProfiles(config)[name];
    if (!profile) throw unknownProfile(name, config);
    config.set('current', name);
    baseUrl = profile.baseUrl;
  }
  if (o.json)
    printJson(f.io, { current: name, baseUrl: name === LOCAL_PROFILE ? LOCAL_PROFILE : baseUrl });
  else say(f.io, `Now using profile ${name} (${baseUrl}).`);
  const envProfile = f.env.ADCLI_PROFILE;
  if (envProfile && envProfile !== name) {
    say(f.io, `Note: ADCLI_PROFILE=${envProfile} is set and still wins over the current profile.`);
  }
}
