// Island name -> lazy import. The client entry loads only the islands a page actually contains.

export const islandLoaders = {
  LockoutBadge: () => import('./LockoutBadge.tsx'),
  SiteGateForm: () => import('./SiteGateForm.tsx'),
  SignInForm: () => import('./SignInForm.tsx'),
  DeleteAccount: () => import('./DeleteAccount.tsx'),
  AdminPanel: () => import('./AdminPanel.tsx'),
} as const;

export type IslandName = keyof typeof islandLoaders;

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(islandLoaders, name);
}
