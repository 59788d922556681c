// The Connect page (GET /connect): the Connect island rendered by the server with every account
// of the signed-in owner, without passwords (only hasPassword), and the filter in the address.

import { Hono } from 'hono';
import { parseWith } from '../../http/body.ts';
import { Island } from '../../http/island.tsx';
import { VAULT_TEXT, type VaultAccount } from '../../shared/connect.ts';
import { type ConnectView, readConnectView } from '../../shared/connect-view.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import { vaultListQuery } from './connect.schema.ts';

/** One read of the list; an owner with more accounts gets them in several. */
const PAGE_READ = 1000;

export function ConnectPage({ accounts, view }: { accounts: VaultAccount[]; view: ConnectView }) {
  return (
    <div className="mx-auto w-full">
      <Island name="Connect" props={{ accounts, view }} />
    </div>
  );
}

export const connectPages = new Hono<SignedInEnv>().get('/connect', requireSignIn(), async (c) => {
  const ownerId = c.var.viewer.id;
  // The chips and the search apply in the page (instantly, as typed), so it gets every account.
  const accounts: VaultAccount[] = [];
  for (;;) {
    const query = parseWith(vaultListQuery, { limit: String(PAGE_READ), offset: String(accounts.length) });
    const page = await c.var.services.connect.list(ownerId, query, {});
    accounts.push(...page.items);
    if (page.items.length === 0 || accounts.length >= page.total) break;
  }
  return c.render(<ConnectPage accounts={accounts} view={readConnectView(c.req.query())} />, { title: VAULT_TEXT.title });
});
