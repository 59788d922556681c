// The site gate: shown in place of every page until the site password has been entered.

import { Island } from '../../../http/island.tsx';
import { AdultWarning, LockIcon, NarrowCard } from '../../../http/ui.tsx';
import { DISCREET_TEXT } from '../../../shared/brand.ts';
import { SITE_MESSAGES } from '../gate.service.ts';

export function SiteGatePage({ next, locked, error }: { next: string; locked: boolean; error?: string | null }) {
  return (
    <NarrowCard>
      <div className={`mx-auto flex h-14 w-14 items-center justify-center rounded-2xl ${locked ? 'bg-danger/15 text-danger' : 'bg-accent/15 text-accent'}`}>
        <LockIcon />
      </div>
      <h1 className="mt-4 text-center font-display text-2xl font-bold tracking-tight">{locked ? 'Site Locked' : 'Private Access'}</h1>
      {locked ? (
        <p role="alert" className="mt-2 text-center text-sm text-danger">
          {SITE_MESSAGES.locked}
        </p>
      ) : (
        <p className="mt-2 text-center text-sm text-muted">This is a private site for the members of this household. Enter the site password to continue.</p>
      )}
      <div className="mt-6">
        <Island name="SiteGateForm" props={{ next, locked, error: error ?? null }} />
      </div>
      <div className="mt-6">
        <AdultWarning discreet={DISCREET_TEXT.gate}>
          This site contains explicit adult material. Enter only if you are 18 or older and it is legal to view such content where you are.
        </AdultWarning>
      </div>
    </NarrowCard>
  );
}
