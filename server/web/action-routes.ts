/**
 * The console's forms, posted to /app/actions/{name}: checked against the session's CSRF token and
 * rate limit, run as the session's key, then back to the console (or the console again with the
 * form's errors).
 */
import type { Hono } from 'hono';
import { PageSessions } from '../domain/page-sessions.ts';
import type { PageKit } from './page-kit.ts';

export function mountActions(app: Hono<any>, kit: PageKit): void {
  app.post('/actions/:name', async (c) => {
    const { pages, data, actions } = await kit.load();
    const name = c.req.param('name');
    if (!actions.isAction(name)) return kit.notFound(c, '../');
    const s = await kit.sessionOf(c);
    if (!s)
      return kit.signIn(
        c,
        '../',
        'You are not signed in, or your session has ended: nothing was changed.',
      );
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (!PageSessions.csrfMatches(s.session, form.csrf)) {
      return kit.message(c, 403, '../', 'This form has expired', [
        'The form did not carry this session’s token, so nothing was changed. Reload the console and try again.',
      ]);
    }
    const stop = await kit.limited(c, s.key, '../');
    if (stop) return stop;
    const outcome = await actions.runAction(kit.services, s.actor, name, actions.formValues(form));
    if (outcome.ok) {
      await kit.sessions.setFlash(s.session, outcome.flash);
      return c.redirect(`../#${outcome.anchor}`, 303);
    }
    if (outcome.status === 403)
      return kit.message(c, 403, '../', 'Not allowed', [
        outcome.state.errors[''] ?? '',
        'Nothing was changed.',
      ]);
    try {
      const view = await data.consoleView(new data.Reader(kit.services, s.actor));
      return c.html(
        pages.consolePage(view, { root: '../', csrf: s.session.csrf, flash: null }, outcome.state),
        outcome.status,
      );
    } catch (e) {
      return kit.failed(c, e, '../');
    }
  });
}
