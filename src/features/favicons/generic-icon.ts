// The hub's own icon for a site without a usable one: a plain globe, drawn here, never fetched.

export const GENERIC_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="#607D8B"/><g fill="none" stroke="#fff" stroke-width="3"><circle cx="32" cy="32" r="18"/><ellipse cx="32" cy="32" rx="8" ry="18"/><path d="M14 32h36M17 23h30M17 41h30"/></g></svg>`;

export const GENERIC_ICON = {
  bytes: new TextEncoder().encode(GENERIC_ICON_SVG),
  contentType: 'image/svg+xml',
} as const;
