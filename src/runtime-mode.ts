// React's build for the server: production unless NODE_ENV asks for another mode
// (NODE_ENV=development for React's warnings while working on the islands). Its development build
// renders at half the speed with a quarter more memory. This is the one place outside
// src/config.ts that touches the environment, and it only fills in a default before React loads
// (docs/decisions/0030-weight-and-start.md).

/** Sets NODE_ENV to production when it is not set; call it before anything imports React. */
export function settleProductionByDefault(): void {
  process.env.NODE_ENV ??= 'production';
}

/** Which React build this process renders with, as loaded: the module file names tell it. */
export function reactBuild(): 'production' | 'development' | 'not loaded' {
  const loaded = Object.keys(require.cache).filter((file) => /[\\/]react(-dom)?[\\/]cjs[\\/]/.test(file));
  if (loaded.length === 0) return 'not loaded';
  return loaded.some((file) => file.includes('.development.')) ? 'development' : 'production';
}
