// Written by src/build/island-registry.ts (`npm run build`) from the islands/ folder: do not edit.
// Island name -> lazy import; the client entry loads only the islands a page actually contains.

export const islandLoaders = {
  AdminPanel: () => import('./AdminPanel.tsx'),
  ApiKeys: () => import('./ApiKeys.tsx'),
  Connect: () => import('./Connect.tsx'),
  DeleteAccount: () => import('./DeleteAccount.tsx'),
  Gallery: () => import('./Gallery.tsx'),
  HomeDashboard: () => import('./HomeDashboard.tsx'),
  LinksBoard: () => import('./LinksBoard.tsx'),
  LockoutBadge: () => import('./LockoutBadge.tsx'),
  ModelsBoard: () => import('./ModelsBoard.tsx'),
  Premium: () => import('./Premium.tsx'),
  SignInForm: () => import('./SignInForm.tsx'),
  SiteGateForm: () => import('./SiteGateForm.tsx'),
  Watch: () => import('./Watch.tsx'),
} as const;
