// Written by src/build/island-registry.ts (`npm run build`) from the islands/ folder: do not edit.
// Island name -> lazy import; the client entry loads only the islands a page actually contains.

export const islandLoaders = {
  Admin: () => import('./Admin.tsx'),
  ApiKeys: () => import('./ApiKeys.tsx'),
  Connect: () => import('./Connect.tsx'),
  DeleteAccount: () => import('./DeleteAccount.tsx'),
  Gallery: () => import('./Gallery.tsx'),
  Home: () => import('./Home.tsx'),
  Links: () => import('./Links.tsx'),
  LockoutBadge: () => import('./LockoutBadge.tsx'),
  Models: () => import('./Models.tsx'),
  Passkeys: () => import('./Passkeys.tsx'),
  Premium: () => import('./Premium.tsx'),
  ProfileLocks: () => import('./ProfileLocks.tsx'),
  Sessions: () => import('./Sessions.tsx'),
  SignInForm: () => import('./SignInForm.tsx'),
  SiteGateForm: () => import('./SiteGateForm.tsx'),
  TwoFactor: () => import('./TwoFactor.tsx'),
  Watch: () => import('./Watch.tsx'),
} as const;
