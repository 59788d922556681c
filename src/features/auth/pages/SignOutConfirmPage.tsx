// Shown when a sign-out link was followed from another site: signing out takes a click here, so a
// foreign page cannot sign anyone out behind their back.

import { NarrowCard } from '../../../http/ui.tsx';

export function SignOutConfirmPage() {
  return (
    <NarrowCard>
      <h1 className="font-display text-2xl font-bold tracking-tight">Sign out?</h1>
      <p className="mt-2 text-sm text-muted">A link from another site asked to sign you out of this hub. Sign out only if you meant to.</p>
      <div className="mt-6 flex flex-wrap items-center justify-end gap-2">
        <a href="/" className="btn-ghost no-underline">
          Stay signed in
        </a>
        <form method="post" action="/signout">
          <button type="submit" className="btn-primary">
            Sign Out
          </button>
        </form>
      </div>
    </NarrowCard>
  );
}
