/**
 * What every command gets, after gh's cmdutil.Factory: the IO streams, the environment (a record, not
 * the process's), where profiles and local data live, the target and API client a command talks to
 * (the local backend in this process, or a remote API), the prompter and Ctrl-C. Dependencies are
 * built when first asked for, so start-up pays for none of them. A test builds a Factory with
 * `IOStreams.test()`, an environment of temporary folders and the real backend: nothing of ours is faked.
 */
import type { Dispatcher } from 'undici';
import type { ApiClient } from './client.ts';
import type { Config } from './config.ts';
import { configDir, readConfig, type ConfigData } from './config-file.ts';
import { escapeControl } from './escape.ts';
import { IOStreams, type Env } from './iostreams.ts';
import { dataDir } from './paths.ts';
import { Prompter } from './prompt.ts';
import { isLocal, resolveTarget, type GlobalOptions, type Target } from './target.ts';
import type { Transport } from './transport.ts';

/** Ctrl-C, for a command that must do something before it ends (stop waiting, say so). */
export interface Interrupts {
  /**
   * While taken over, the first Ctrl-C aborts `signal` instead of ending the process; a second one
   * ends it at once with 130. `release()` gives Ctrl-C back.
   */
  takeOver(): { signal: AbortSignal; release(): void };
}

/** The process's SIGINT. */
export class ProcessInterrupts implements Interrupts {
  takeOver(): { signal: AbortSignal; release(): void } {
    const controller = new AbortController();
    // Signal handlers are process-wide: the ones installed before are set aside while this one holds.
    const previous = process.listeners('SIGINT');
    for (const l of previous) process.removeListener('SIGINT', l);
    const onSigint = () => {
      // A second Ctrl-C while the first is being handled: the user wants out now.
      if (controller.signal.aborted) process.exit(130);
      controller.abort(new Error('interrupted'));
    };
    process.on('SIGINT', onSigint);
    return {
      signal: controller.signal,
      release() {
        process.removeListener('SIGINT', onSigint);
        for (const l of previous) process.on('SIGINT', l as () => void);
      },
    };
  }
}

/** Ctrl-C pressed by a test: `interrupt()` aborts every take-over held at the time. */
export class ManualInterrupts implements Interrupts {
  readonly #held = new Set<AbortController>();

  takeOver(): { signal: AbortSignal; release(): void } {
    const controller = new AbortController();
    this.#held.add(controller);
    return { signal: controller.signal, release: () => void this.#held.delete(controller) };
  }

  interrupt(): void {
    for (const c of this.#held) c.abort(new Error('interrupted'));
  }

  /** How many take-overs are held now (a command that is waiting holds one). */
  held(): number {
    return this.#held.size;
  }
}

/** The local-backend notice: each line at most 80 columns. */
export const LOCAL_NOTICE =
  'Using the local backend (built-in profile "local") and its demo data.\n' +
  'To use a real deployment instead: adcli auth login --base-url URL';

/** The file in the data dir that says the local-backend notice was shown there. */
export const LOCAL_NOTICE_MARKER = '.local-notice-shown';

export interface FactoryInit {
  io: IOStreams;
  env: Env;
  /** default: Ctrl-C only from `ManualInterrupts.interrupt()` */
  interrupts?: Interrupts;
}

export class Factory {
  readonly io: IOStreams;
  readonly env: Env;
  readonly interrupts: Interrupts;
  #prompter: Prompter | undefined;
  #local: Promise<Transport> | undefined;
  #agent: Promise<Dispatcher> | undefined;
  #remote: Promise<Transport> | undefined;

  constructor(init: FactoryInit) {
    this.io = init.io;
    this.env = init.env;
    this.interrupts = init.interrupts ?? new ManualInterrupts();
  }

  /** The real world: the process's streams, environment and Ctrl-C. */
  static system(): Factory {
    // The one read of the process's environment: everything else gets this copy.
    const env: Env = { ...process.env };
    return new Factory({ io: IOStreams.system(env), env, interrupts: new ProcessInterrupts() });
  }

  get prompter(): Prompter {
    return (this.#prompter ??= new Prompter(this.io));
  }

  /** Where profiles live: ADCLI_CONFIG_DIR, else the XDG config dir. */
  configDir(): string {
    return configDir(this.env);
  }

  /** The saved profiles, read without conf (every API command reads them; conf is slow to load). */
  readConfig(): ConfigData {
    return readConfig(this.configDir());
  }

  /** The profiles for changing them (login, logout, profiles use). */
  async openConfig(): Promise<Config> {
    const { openConfig } = await import('./config.ts');
    return openConfig(this.configDir());
  }

  /** Data dir of the local backend: the --data flag, else ADCLI_DATA_DIR, else the XDG data dir. */
  dataDir(flag?: string): string {
    return dataDir(this.env, flag);
  }

  /** Which API the global flags, the environment and the profiles point at. */
  target(opts: GlobalOptions): Target {
    return resolveTarget(opts, this.env);
  }

  /** A client of the API the flags point at: the local backend in this process, or a remote API. */
  async apiClient(opts: GlobalOptions): Promise<ApiClient> {
    const target = this.target(opts);
    const transport = await this.#transport(target);
    if (isLocal(target)) await this.#localNotice();
    return this.clientFor(target, { debug: opts.debug }, transport);
  }

  /**
   * Says once per data dir, on a terminal's stderr, that the built-in local backend answers: a marker
   * file in the data dir remembers it was said (a run that could not say it, piped, leaves none).
   * Each line fits 80 columns.
   */
  async #localNotice(): Promise<void> {
    if (!this.io.isStderrTTY()) return;
    const { existsSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const marker = join(this.dataDir(), LOCAL_NOTICE_MARKER);
    if (existsSync(marker)) return;
    const { notice } = await import('./output.ts');
    notice(this.io, LOCAL_NOTICE);
    try {
      writeFileSync(
        marker,
        'adcli said it uses the local backend; delete this file to hear it again.\n',
        { mode: 0o600 },
      );
    } catch {
      // A data dir adcli cannot write to: the notice shows again next time, nothing worse.
    }
  }

  /** A client of a given target (auth login checks a key before any profile holds it). */
  async clientFor(
    target: Target,
    opts: { debug?: boolean; retries?: number } = {},
    transport?: Transport,
  ): Promise<ApiClient> {
    const [{ ApiClient, redact }, t] = await Promise.all([
      import('./client.ts'),
      transport ?? this.#transport(target),
    ]);
    // --debug shows what the API answered: its lines escaped as any other text of it.
    const debug = (line: string) =>
      this.io.stderr.write(redact(line).split('\n').map(escapeControl).join('\n') + '\n');
    return new ApiClient(target, t, {
      retries: opts.retries,
      debug: opts.debug ? debug : undefined,
      // said to scripts too: a CI step that waits out a rate limit must not look hung (output.ts
      // loads then: a command that is never rate limited does not pay for chalk and the table)
      onRateLimited: async ({ waitMs, retry, of }) =>
        (await import('./output.ts')).say(
          this.io,
          `Rate limited by the API (429): retrying in ${Math.max(1, Math.round(waitMs / 1000))}s (retry ${retry} of ${of}).`,
        ),
    });
  }

  /** One transport of each kind a run: the local backend opens its store once, the network has one agent. */
  #transport(target: Target): Promise<Transport> {
    if (isLocal(target))
      return (this.#local ??= import('./transport.ts').then((m) =>
        m.localTransport(this.dataDir(), {
          youtubeApiKey: this.env.ADCLI_YOUTUBE_API_KEY,
          youtubeBaseUrl: this.env.ADCLI_YOUTUBE_BASE_URL,
        }),
      ));
    // Node's own http unless a proxy is configured: undici's agent costs ~25 ms of start-up
    return (this.#remote ??= import('./transport.ts').then((m) =>
      m.usesProxy(this.env)
        ? m.remoteTransport((this.#agent = m.proxyAgent(this.env)))
        : import('./node-http.ts').then((h) => h.nodeHttpTransport()),
    ));
  }

  /** Closes what the run opened: the local backend's store, the network agent's connections. */
  async close(): Promise<void> {
    const [local, agent, remote] = [this.#local, this.#agent, this.#remote];
    this.#local = this.#agent = this.#remote = undefined;
    await Promise.all([
      local?.then((t) => t.close?.()).catch(() => {}),
      remote?.then((t) => t.close?.()).catch(() => {}),
      agent?.then((a) => a.destroy()).catch(() => {}),
    ]);
  }
}
