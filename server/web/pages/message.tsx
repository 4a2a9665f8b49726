/** The pages that only say something: not found, no session, a used link, refused, and sign-in. */
import { doc, Layout } from './layout.tsx';

/** A page that says what happened and what to do: not found, no session, a used link, refused. */
export function messagePage(opts: {
  title: string;
  root: string;
  lines: string[];
  commands?: string[];
}): string {
  return doc(
    <Layout title={opts.title} root={opts.root}>
      <div class="message card">
        <h1>{opts.title}</h1>
        {opts.lines.map((l) => (
          <p>{l}</p>
        ))}
        {opts.commands?.length ? (
          <pre>
            <code>{opts.commands.join('\n')}</code>
          </pre>
        ) : null}
      </div>
    </Layout>,
  );
}

/**
 * The login link opened with no sign of where it came from (a browser that sends no Sec-Fetch-Site
 * nor Referer): one click of a form of this very page signs in, so another site cannot do it unseen.
 */
export function confirmLoginPage(opts: { workspace: string; token: string }): string {
  return doc(
    <Layout title="Sign in" root="">
      <div class="message card">
        <h1>Sign in to workspace {opts.workspace}?</h1>
        <p>
          This login link opens the pages of adcli serve with an API key of workspace{' '}
          {opts.workspace}. Continue only if you asked adcli for it.
        </p>
        <form method="post" action="login">
          <input type="hidden" name="token" value={opts.token} />
          <button type="submit">Sign in</button>
        </form>
      </div>
    </Layout>,
  );
}
