/**
 * The pages a session reads: the console at /app/ and a campaign at /app/campaigns/{id}. Each reads
 * through the operations as the session's key and counts against its rate limit.
 */
import type { Hono } from 'hono';
import { APP_PATH, type PageKit } from './page-kit.ts';

const ID = /^[a-f0-9]{24}$/;

export function mountPages(app: Hono<any>, kit: PageKit): void {
  // the console, at /app/ (a sub-app's own '/' is the bare /app)
  app.get('/*', async (c, next) => {
    if (c.req.path !== `${APP_PATH}/`) return next();
    const s = await kit.sessionOf(c);
    if (!s) return kit.signIn(c, '', 'You are not signed in, or your session has ended.');
    const stop = await kit.limited(c, s.key, '');
    if (stop) return stop;
    const { pages, data } = await kit.load();
    try {
      const view = await data.consoleView(new data.Reader(kit.services, s.actor));
      return c.html(
        pages.consolePage(view, {
          root: '',
          csrf: s.session.csrf,
          flash: await kit.sessions.takeFlash(s.session),
        }),
      );
    } catch (e) {
      return kit.failed(c, e, '');
    }
  });

  app.get('/campaigns/:id', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id))
      return kit.notFound(
        c,
        '../',
        `There is no campaign ${JSON.stringify(id.slice(0, 40))}: a campaign id is 24 lowercase hex characters.`,
      );
    const s = await kit.sessionOf(c);
    if (!s) return kit.signIn(c, '../', 'You are not signed in, or your session has ended.', id);
    const stop = await kit.limited(c, s.key, '../');
    if (stop) return stop;
    const { pages, data } = await kit.load();
    try {
      const view = await data.campaignView(new data.Reader(kit.services, s.actor), id);
      return c.html(
        pages.campaignPage(view, {
          root: '../',
          csrf: s.session.csrf,
          flash: await kit.sessions.takeFlash(s.session),
        }),
      );
    } catch (e) {
      return kit.failed(c, e, '../');
    }
  });
}
