/**
 * A real Postgres server for tests, in a temporary directory: Debian's binaries (`pg_config
 * --bindir`, else /usr/lib/postgresql/N/bin), `initdb --locale=C -E UTF8`, listening on 127.0.0.1 on
 * a free port and on a unix socket in the directory, without fsync (a crash of the server loses
 * nothing acknowledged; only one of the machine would), without autovacuum (its transactions would
 * move change stamps at random). Postgres refuses to run as root:
 * as root it runs as the `postgres` system user (the Debian package makes it), else `nobody`.
 *
 * No vitest here, so the bench can start one too; tests use postgresOrSkip() in postgres.ts. The
 * server dies with the starting process even when that process is killed (parent-death signal), and
 * the directory goes with destroy().
 *
 * Connections from 127.0.0.1 are trusted, except for the user PASSWORD_USER, who must give
 * PASSWORD (scram-sha-256): the tests of a refused login need a server that asks for one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PASSWORD_USER = 'adcli_pw';
export const PASSWORD = 'pw-s3cret-Zq9';

export interface PgServer {
  readonly port: number;
  readonly dir: string;
  /** a URL to a database of the server (default `postgres`), as the superuser unless `as` says otherwise */
  url(db?: string, as?: { user: string; password?: string }): string;
  /** a new, empty database owned by the superuser (or by `owner`); its URL */
  createDatabase(owner?: string): Promise<string>;
  /** runs SQL as the superuser on the `postgres` database (roles, grants) */
  sql(text: string): Promise<void>;
  /** a fast shutdown (connections are ended); resolves once the server has exited */
  stop(): Promise<void>;
  /** starts it again on the same port and data, after stop() or kill() */
  restart(): Promise<void>;
  /** SIGKILL of the postmaster, as a crash; resolves once it has exited */
  kill(): Promise<void>;
  running(): boolean;
  /** stops it and removes its directory (postgresOrSkip's server does this after the file's tests) */
  destroy(): Promise<void>;
}

/** The directory of initdb and postgres, or null. */
export function postgresBinDir(): string | null {
  const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dirs: string[] = [];
  if (r.status === 0 && r.stdout.trim()) dirs.push(r.stdout.trim());
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    for (const v of versions) dirs.push(`/usr/lib/postgresql/${v}/bin`);
  } catch {
    // no Debian packages
  }
  return dirs.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'postgres'))) ?? null;
}

/** uid and gid of the unprivileged user to run as, when running as root. */
function runAsUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((l) => l.split(':'));
  for (const name of ['postgres', 'nobody']) {
    const row = passwd.find((f) => f[0] === name);
    if (row) return { name, uid: Number(row[2]), gid: Number(row[3]) };
  }
  throw new Error('running as root and no postgres or nobody user to run Postgres as');
}

/** A port nothing listens on now (taken, then freed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a new server (prefer postgresOrSkip, which shares one per file). Throws if it cannot.
 * `maxConnections` (default 200): the Postgres pass of the suite shares one server among its workers.
 */
export async function startPostgres(opts: { maxConnections?: number } = {}): Promise<PgServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no Postgres binaries (pg_config --bindir, /usr/lib/postgresql/*/bin)');
  const user = runAsUser();
  const dir = mkdtempSync(join(tmpdir(), 'adcli-pg-'));
  const data = join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  // setpriv switches user and sets the parent-death signal, so the server cannot outlive the tests
  const hasSetpriv = spawnSync('setpriv', ['--version']).status === 0;
  const command = (exe: string, args: string[]): [string, string[]] => {
    if (!hasSetpriv) return [exe, args];
    const who = user ? [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'] : [];
    return ['setpriv', [...who, '--pdeathsig=INT', '--', exe, ...args]];
  };
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C', TZ: 'UTC' };
  const spawnOpts = (hasSetpriv || !user ? {} : { uid: user.uid, gid: user.gid }) as {
    uid?: number;
    gid?: number;
  };

  const [initCmd, initArgs] = command(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--locale=C',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8', env, cwd: dir, ...spawnOpts });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `initdb failed: ${(init.stderr || init.stdout || String(init.error)).trim().split('\n').slice(-3).join(' ')}`,
    );
  }
  // The password user first: pg_hba.conf is read top down.
  const hba = join(data, 'pg_hba.conf');
  writeFileSync(
    hba,
    [
      'local all all trust',
      `host all ${PASSWORD_USER} 127.0.0.1/32 scram-sha-256`,
      'host all all 127.0.0.1/32 trust',
      '',
    ].join('\n'),
  );
  appendFileSync(join(data, 'postgresql.conf'), "\npassword_encryption = 'scram-sha-256'\n");
  if (user) chownSync(hba, user.uid, user.gid);

  let port = await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let log = '';
  let databases = 0;

  const url = (db = 'postgres', as?: { user: string; password?: string }) => {
    const auth = as
      ? `${encodeURIComponent(as.user)}${as.password === undefined ? '' : `:${encodeURIComponent(as.password)}`}`
      : 'postgres';
    return `postgres://${auth}@127.0.0.1:${port}/${db}`;
  };

  const launch = async () => {
    const args = [
      '-D',
      data,
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
      '-c',
      `max_connections=${opts.maxConnections ?? 200}`,
      '-c',
      'autovacuum=off',
    ];
    const [cmd, cmdArgs] = command(join(bin, 'postgres'), args);
    log = '';
    const c = spawn(cmd, cmdArgs, {
      env,
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      ...spawnOpts,
    });
    child = c;
    c.stderr!.setEncoding('utf8');
    c.stderr!.on('data', (d: string) => (log = (log + d).slice(-4000)));
    exited = new Promise((resolve) => c.once('exit', () => resolve()));
    let gone = false;
    void exited.then(() => (gone = true));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (gone)
        throw new Error(`postgres exited at start: ${log.trim().split('\n').slice(-3).join(' ')}`);
      const client = new pg.Client({ connectionString: url() });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.end();
        return;
      } catch (e) {
        await client.end().catch(() => {});
        if (Date.now() > deadline)
          throw new Error(
            `postgres did not accept connections within 30 s: ${(e as Error).message}; ${log.trim().split('\n').slice(-3).join(' ')}`,
          );
        await sleep(50);
      }
    }
  };

  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: url() });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  const signal = async (sig: NodeJS.Signals) => {
    const c = child as ChildProcess | null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    // After a SIGKILL the backends live on until they notice: wait for them, so none answers a query.
    const backends = (spawnSync('pgrep', ['-P', String(c.pid)], { encoding: 'utf8' }).stdout ?? '')
      .split('\n')
      .filter(Boolean)
      .map(Number);
    c.kill(sig);
    await exited;
    const deadline = Date.now() + 10_000;
    while (backends.some(alive) && Date.now() < deadline) await sleep(20);
  };

  // if the test process exits without destroy() (an uncaught error): an immediate shutdown, synchronously
  const onExit = () => {
    const c = child as ChildProcess | null;
    if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  // A port taken between freePort() and the server's start: try another.
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await launch();
        break;
      } catch (e) {
        await signal('SIGKILL');
        if (
          attempt >= 3 ||
          !/could not (bind|create listen)|Address already in use/i.test((e as Error).message)
        )
          throw e;
        port = await freePort();
      }
    }
    await sql(`CREATE ROLE ${PASSWORD_USER} LOGIN PASSWORD '${PASSWORD}'`);
  } catch (e) {
    process.removeListener('exit', onExit);
    await signal('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }

  const server: PgServer = {
    get port() {
      return port;
    },
    dir,
    url,
    sql,
    async createDatabase(owner?: string) {
      const name = `adcli_test_${++databases}`;
      await sql(`CREATE DATABASE ${name}${owner ? ` OWNER ${owner}` : ''}`);
      return url(name);
    },
    stop: () => signal('SIGINT'),
    kill: () => signal('SIGKILL'),
    async restart() {
      await signal('SIGINT');
      // after a SIGKILL the old backends notice their postmaster is gone and leave the port
      const deadline = Date.now() + 20_000;
      for (;;) {
        try {
          await launch();
          return;
        } catch (e) {
          await signal('SIGKILL');
          if (Date.now() > deadline) throw e;
          await sleep(200);
        }
      }
    },
    running: () => {
      const c = child as ChildProcess | null;
      return c !== null && c.exitCode === null && c.signalCode === null;
    },
    async destroy() {
      process.removeListener('exit', onExit);
      await signal('SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
