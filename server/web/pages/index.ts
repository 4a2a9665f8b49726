/**
 * The pages of adcli serve, rendered on the server with Hono's JSX: the campaign page, the console,
 * and the message pages (not found, no session, a used or expired link). No script: links and forms.
 *
 * Links are relative (`root` leads back to /app/), so the pages work under any --public-url path.
 * mount.ts loads this module on the first page request, so the API never pays for the pages.
 */
export type { PageContext } from './layout.tsx';
export { campaignPage } from './campaign/page.tsx';
export { consolePage } from './console/page.tsx';
export { confirmLoginPage, messagePage } from './message.tsx';
